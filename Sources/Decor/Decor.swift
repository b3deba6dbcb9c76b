// The umbrella module: `import Decor` is the whole library, as it was when Decor was one module. Every public name
// keeps its meaning, module-qualified ones too (`Decor.Color`), since qualified lookup sees re-exported modules.
@_exported import DecorChain
@_exported import DecorCodecs
@_exported import DecorCore
@_exported import DecorFiles

#if Text
  @_exported import DecorText
#endif
