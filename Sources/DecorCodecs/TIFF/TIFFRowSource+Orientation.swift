#if TIFF
import DecorCore

/// A TIFF's rows report the orientation its tag records (`orientation`), as every format's rows do.
extension TIFFRowSource: FileRowSource {}
#endif
