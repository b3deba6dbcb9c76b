// Nothing to call from Swift: the target only supplies the entry points below.
