extension BlendMode {
  /// What the mode does, in one line, for `decor filters blend` and Documentation/Filters.md: the W3C
  /// *Compositing and Blending Level 1* definitions in words (the formulas are on the cases). Kept beside the enum,
  /// in a switch without a default, so a new mode cannot be added without saying what it does.
  public var summary: String {
    switch self {
    case .normal: return "the source over the backdrop (source-over), as drawing usually does"
    case .multiply: return "darkens: backdrop × source; white leaves the backdrop unchanged, black gives black"
    case .screen: return "lightens: the inverse of multiplying the inverses; black leaves the backdrop unchanged"
    case .overlay: return "multiply where the backdrop is dark, screen where it is light: more contrast"
    case .darken: return "the darker of source and backdrop, channel by channel"
    case .lighten: return "the lighter of source and backdrop, channel by channel"
    case .colorDodge: return "brightens the backdrop by dividing it by the inverse of the source"
    case .colorBurn: return "darkens the backdrop by dividing its inverse by the source"
    case .hardLight: return "multiply where the source is dark, screen where it is light (overlay, roles swapped)"
    case .softLight: return "a gentle hard-light: darkens or lightens the backdrop by the source, softly"
    case .difference: return "|backdrop − source|: black leaves the backdrop unchanged, white inverts it"
    case .exclusion: return "like difference with less contrast: backdrop + source − 2 × backdrop × source"
    case .hue: return "the source's hue with the backdrop's saturation and luminosity"
    case .saturation: return "the source's saturation with the backdrop's hue and luminosity"
    case .color: return "the source's hue and saturation with the backdrop's luminosity (tints)"
    case .luminosity: return "the source's luminosity with the backdrop's hue and saturation"
    case .clear: return "erases: transparent wherever the source is drawn"
    case .copy: return "the source replaces the backdrop wherever the source is drawn"
    case .sourceIn: return "the source, only where the backdrop is; the backdrop is erased there"
    case .sourceOut: return "the source, only where the backdrop is not; the backdrop is erased there"
    case .sourceAtop: return "the source over the backdrop, only where the backdrop is"
    case .destinationOver: return "the backdrop over the source: the source shows only where the backdrop is clear"
    case .destinationIn: return "the backdrop, only where the source is: the source's alpha as a mask"
    case .destinationOut: return "the backdrop, only where the source is not: the source cuts a hole"
    case .destinationAtop: return "the backdrop over the source, only where the source is"
    case .xor: return "each where the other is not; both vanish where they overlap"
    case .plusDarker: return "adds the darkness of both (Core Graphics' plus-darker); clear leaves the backdrop"
    case .plusLighter: return "adds source and backdrop, clamped to white (Core Graphics' plus-lighter)"
    }
  }
}
