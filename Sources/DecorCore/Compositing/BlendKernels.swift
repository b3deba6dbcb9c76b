/// The `BlendKernel` of every mode (`BlendMode.withKernel` is the table from modes to these): the block of four
/// pixels that `SpanKernels.run` repeats, each calling its formulas from `BlendFormulas` through the shared parts of
/// `SpanKernels`, at either depth. They are types so that the loop is specialised for each (see `BlendKernel`).
enum BlendKernels {
  // MARK: - Porter-Duff operators and the plus modes (the source scaled by the opacity first)

  enum Normal: BlendKernel {
    static var opaqueSource: BlockShortcut { .copy }
    @inline(__always) static func block<P: PixelLanes>(
      _: P.Type, _ s: P.Pixels, _ d: P.Pixels, opacity: P.Lanes.Scalar
    ) -> P.Pixels {
      typealias Parts = SpanKernels<P>
      return Parts.sourceOver(s, d, opacity: opacity)
    }
  }

  enum Clear: BlendKernel {
    static var transparentSource: BlockShortcut { .clear }
    @inline(__always) static func block<P: PixelLanes>(
      _: P.Type, _ s: P.Pixels, _ d: P.Pixels, opacity: P.Lanes.Scalar
    ) -> P.Pixels { .zero }
  }

  enum Copy: BlendKernel {
    static var transparentSource: BlockShortcut { .clear }
    @inline(__always) static func block<P: PixelLanes>(
      _: P.Type, _ s: P.Pixels, _ d: P.Pixels, opacity: P.Lanes.Scalar
    ) -> P.Pixels {
      typealias Parts = SpanKernels<P>
      return Parts.scaled(s, by: opacity)
    }
  }

  // The shortcuts of source-in and source-out are the backdrop's (they cut the source to the backdrop's shape, or
  // out of it); a test of the source as well costs more than the formula it saves where the source is transparent.
  enum SourceIn: BlendKernel {
    static var transparentSource: BlockShortcut { .none }
    static var transparentBackdrop: BlockShortcut { .clear }
    static var opaqueBackdrop: BlockShortcut { .copy }
    @inline(__always) static func block<P: PixelLanes>(
      _: P.Type, _ s: P.Pixels, _ d: P.Pixels, opacity: P.Lanes.Scalar
    ) -> P.Pixels {
      typealias Parts = SpanKernels<P>
      typealias B = BlendFormulas<P>
      let h = Parts.factors(Parts.scaled(s, by: opacity), d)
      return P.products(B.sourceIn(h.srb, h.drb, h.sa, h.da), B.sourceIn(h.sga, h.dga, h.sa, h.da))
    }
  }

  enum SourceOut: BlendKernel {
    static var transparentSource: BlockShortcut { .none }
    static var transparentBackdrop: BlockShortcut { .copy }
    static var opaqueBackdrop: BlockShortcut { .clear }
    @inline(__always) static func block<P: PixelLanes>(
      _: P.Type, _ s: P.Pixels, _ d: P.Pixels, opacity: P.Lanes.Scalar
    ) -> P.Pixels {
      typealias Parts = SpanKernels<P>
      typealias B = BlendFormulas<P>
      let h = Parts.factors(Parts.scaled(s, by: opacity), d, complemented: true)
      return P.products(B.sourceOut(h.srb, h.drb, h.sa, h.da), B.sourceOut(h.sga, h.dga, h.sa, h.da))
    }
  }

  enum SourceAtop: BlendKernel {
    @inline(__always) static func block<P: PixelLanes>(
      _: P.Type, _ s: P.Pixels, _ d: P.Pixels, opacity: P.Lanes.Scalar
    ) -> P.Pixels {
      typealias Parts = SpanKernels<P>
      typealias B = BlendFormulas<P>
      let h = Parts.halves(Parts.scaled(s, by: opacity), d)
      return Parts.divided(B.sourceAtop(h.srb, h.drb, h.sa, h.da), B.sourceAtop(h.sga, h.dga, h.sa, h.da))
    }
  }

  enum DestinationOver: BlendKernel {
    static var transparentBackdrop: BlockShortcut { .copy }
    static var opaqueBackdrop: BlockShortcut { .keep }
    @inline(__always) static func block<P: PixelLanes>(
      _: P.Type, _ s: P.Pixels, _ d: P.Pixels, opacity: P.Lanes.Scalar
    ) -> P.Pixels {
      typealias Parts = SpanKernels<P>
      return Parts.destinationOver(s, d, opacity: opacity)
    }
  }

  enum DestinationIn: BlendKernel {
    static var transparentSource: BlockShortcut { .clear }
    static var opaqueSource: BlockShortcut { .keep }
    @inline(__always) static func block<P: PixelLanes>(
      _: P.Type, _ s: P.Pixels, _ d: P.Pixels, opacity: P.Lanes.Scalar
    ) -> P.Pixels {
      typealias Parts = SpanKernels<P>
      typealias B = BlendFormulas<P>
      let h = Parts.factors(Parts.scaled(s, by: opacity), d)
      return P.products(B.destinationIn(h.srb, h.drb, h.sa, h.da), B.destinationIn(h.sga, h.dga, h.sa, h.da))
    }
  }

  enum DestinationOut: BlendKernel {
    static var opaqueSource: BlockShortcut { .clear }
    @inline(__always) static func block<P: PixelLanes>(
      _: P.Type, _ s: P.Pixels, _ d: P.Pixels, opacity: P.Lanes.Scalar
    ) -> P.Pixels {
      typealias Parts = SpanKernels<P>
      typealias B = BlendFormulas<P>
      let h = Parts.factors(Parts.scaled(s, by: opacity), d, complemented: true)
      return P.products(B.destinationOut(h.srb, h.drb, h.sa, h.da), B.destinationOut(h.sga, h.dga, h.sa, h.da))
    }
  }

  enum DestinationAtop: BlendKernel {
    static var transparentSource: BlockShortcut { .clear }
    @inline(__always) static func block<P: PixelLanes>(
      _: P.Type, _ s: P.Pixels, _ d: P.Pixels, opacity: P.Lanes.Scalar
    ) -> P.Pixels {
      typealias Parts = SpanKernels<P>
      typealias B = BlendFormulas<P>
      let h = Parts.halves(Parts.scaled(s, by: opacity), d)
      return Parts.divided(B.destinationAtop(h.srb, h.drb, h.sa, h.da), B.destinationAtop(h.sga, h.dga, h.sa, h.da))
    }
  }

  enum Xor: BlendKernel {
    @inline(__always) static func block<P: PixelLanes>(
      _: P.Type, _ s: P.Pixels, _ d: P.Pixels, opacity: P.Lanes.Scalar
    ) -> P.Pixels {
      typealias Parts = SpanKernels<P>
      typealias B = BlendFormulas<P>
      let h = Parts.halves(Parts.scaled(s, by: opacity), d)
      return Parts.divided(B.xor(h.srb, h.drb, h.sa, h.da), B.xor(h.sga, h.dga, h.sa, h.da))
    }
  }

  enum PlusDarker: BlendKernel {
    @inline(__always) static func block<P: PixelLanes>(
      _: P.Type, _ s: P.Pixels, _ d: P.Pixels, opacity: P.Lanes.Scalar
    ) -> P.Pixels {
      typealias Parts = SpanKernels<P>
      return Parts.plusDarker(s, d, opacity: opacity)
    }
  }

  // No test for a transparent source, which keeps the backdrop all the same: the block is one `paddusb`, cheaper
  // than the test (four scalar loads and three `or`s per two blocks), which only ever saves a store. Without it the
  // loop is the loads, the adds and the stores, as pixman's `ADD` is: half the instructions, 2–3% faster in CPU
  // time alone, at the memory's speed either way over large images (Benchmarks/compositing.md).
  enum PlusLighter: BlendKernel {
    static var transparentSource: BlockShortcut { .none }
    static var keepsBackdrop: Bool { true }
    @inline(__always) static func block<P: PixelLanes>(
      _: P.Type, _ s: P.Pixels, _ d: P.Pixels, opacity: P.Lanes.Scalar
    ) -> P.Pixels {
      typealias Parts = SpanKernels<P>
      return Parts.plusLighter(s, d, opacity: opacity)
    }
  }

  // MARK: - Separable blend modes in 16-bit lanes (mixed with the backdrop for a partial opacity)

  enum Multiply: BlendKernel {
    @inline(__always) static func block<P: PixelLanes>(
      _: P.Type, _ s: P.Pixels, _ d: P.Pixels, opacity: P.Lanes.Scalar
    ) -> P.Pixels {
      typealias Parts = SpanKernels<P>
      typealias B = BlendFormulas<P>
      let h = Parts.halves(s, d)
      return Parts.mixed(B.multiply(h.srb, h.drb, h.sa, h.da),
        B.multiply(h.sga, h.dga, h.sa, h.da), h, opacity: opacity)
    }
  }

  enum Screen: BlendKernel {
    @inline(__always) static func block<P: PixelLanes>(
      _: P.Type, _ s: P.Pixels, _ d: P.Pixels, opacity: P.Lanes.Scalar
    ) -> P.Pixels {
      typealias Parts = SpanKernels<P>
      typealias B = BlendFormulas<P>
      let h = Parts.halves(s, d)
      return Parts.mixed(B.screen(h.srb, h.drb, h.sa, h.da), B.screen(h.sga, h.dga, h.sa, h.da), h, opacity: opacity)
    }
  }

  enum Overlay: BlendKernel {
    @inline(__always) static func block<P: PixelLanes>(
      _: P.Type, _ s: P.Pixels, _ d: P.Pixels, opacity: P.Lanes.Scalar
    ) -> P.Pixels {
      typealias Parts = SpanKernels<P>
      typealias B = BlendFormulas<P>
      let h = Parts.halves(s, d)
      return Parts.mixed(B.overlay(h.srb, h.drb, h.sa, h.da), B.overlay(h.sga, h.dga, h.sa, h.da), h, opacity: opacity)
    }
  }

  enum Darken: BlendKernel {
    @inline(__always) static func block<P: PixelLanes>(
      _: P.Type, _ s: P.Pixels, _ d: P.Pixels, opacity: P.Lanes.Scalar
    ) -> P.Pixels {
      typealias Parts = SpanKernels<P>
      typealias B = BlendFormulas<P>
      let h = Parts.halves(s, d)
      return Parts.mixed(B.darken(h.srb, h.drb, h.sa, h.da), B.darken(h.sga, h.dga, h.sa, h.da), h, opacity: opacity)
    }
  }

  enum Lighten: BlendKernel {
    @inline(__always) static func block<P: PixelLanes>(
      _: P.Type, _ s: P.Pixels, _ d: P.Pixels, opacity: P.Lanes.Scalar
    ) -> P.Pixels {
      typealias Parts = SpanKernels<P>
      typealias B = BlendFormulas<P>
      let h = Parts.halves(s, d)
      return Parts.mixed(B.lighten(h.srb, h.drb, h.sa, h.da), B.lighten(h.sga, h.dga, h.sa, h.da), h, opacity: opacity)
    }
  }

  enum HardLight: BlendKernel {
    @inline(__always) static func block<P: PixelLanes>(
      _: P.Type, _ s: P.Pixels, _ d: P.Pixels, opacity: P.Lanes.Scalar
    ) -> P.Pixels {
      typealias Parts = SpanKernels<P>
      typealias B = BlendFormulas<P>
      let h = Parts.halves(s, d)
      return Parts.mixed(B.hardLight(h.srb, h.drb, h.sa, h.da),
        B.hardLight(h.sga, h.dga, h.sa, h.da), h, opacity: opacity)
    }
  }

  enum Difference: BlendKernel {
    @inline(__always) static func block<P: PixelLanes>(
      _: P.Type, _ s: P.Pixels, _ d: P.Pixels, opacity: P.Lanes.Scalar
    ) -> P.Pixels {
      typealias Parts = SpanKernels<P>
      typealias B = BlendFormulas<P>
      let h = Parts.halves(s, d)
      let ga = Parts.sourceOverAlpha(B.difference(h.sga, h.dga, h.sa, h.da), h)
      return Parts.mixed(B.difference(h.srb, h.drb, h.sa, h.da), ga, h, opacity: opacity)
    }
  }

  enum Exclusion: BlendKernel {
    @inline(__always) static func block<P: PixelLanes>(
      _: P.Type, _ s: P.Pixels, _ d: P.Pixels, opacity: P.Lanes.Scalar
    ) -> P.Pixels {
      typealias Parts = SpanKernels<P>
      typealias B = BlendFormulas<P>
      let h = Parts.halves(s, d)
      let ga = Parts.sourceOverAlpha(B.exclusion(h.sga, h.dga, h.sa, h.da), h)
      return Parts.mixed(B.exclusion(h.srb, h.drb, h.sa, h.da), ga, h, opacity: opacity)
    }
  }

  // MARK: - Separable blend modes in float planes

  enum ColorDodge: BlendKernel {
    static var specialisesFullOpacity: Bool { false }
    @inline(__always) static func block<P: PixelLanes>(
      _: P.Type, _ s: P.Pixels, _ d: P.Pixels, opacity: P.Lanes.Scalar
    ) -> P.Pixels {
      typealias Parts = SpanKernels<P>
      typealias B = BlendFormulas<P>
      let (sp, dp) = (P.planes(s), P.planes(d))
      let colors = (B.colorDodge(sp.r, dp.r, sp.a, dp.a), B.colorDodge(sp.g, dp.g, sp.a, dp.a),
        B.colorDodge(sp.b, dp.b, sp.a, dp.a))
      return Parts.rounded(colors, sp, dp, opacity: opacity)
    }
  }

  enum ColorBurn: BlendKernel {
    static var specialisesFullOpacity: Bool { false }
    @inline(__always) static func block<P: PixelLanes>(
      _: P.Type, _ s: P.Pixels, _ d: P.Pixels, opacity: P.Lanes.Scalar
    ) -> P.Pixels {
      typealias Parts = SpanKernels<P>
      typealias B = BlendFormulas<P>
      let (sp, dp) = (P.planes(s), P.planes(d))
      let colors = (B.colorBurn(sp.r, dp.r, sp.a, dp.a), B.colorBurn(sp.g, dp.g, sp.a, dp.a),
        B.colorBurn(sp.b, dp.b, sp.a, dp.a))
      return Parts.rounded(colors, sp, dp, opacity: opacity)
    }
  }

  enum SoftLight: BlendKernel {
    static var specialisesFullOpacity: Bool { false }
    @inline(__always) static func block<P: PixelLanes>(
      _: P.Type, _ s: P.Pixels, _ d: P.Pixels, opacity: P.Lanes.Scalar
    ) -> P.Pixels {
      typealias Parts = SpanKernels<P>
      typealias B = BlendFormulas<P>
      let (sp, dp) = (P.planes(s), P.planes(d))
      let colors = (B.softLight(sp.r, dp.r, sp.a, dp.a), B.softLight(sp.g, dp.g, sp.a, dp.a),
        B.softLight(sp.b, dp.b, sp.a, dp.a))
      return Parts.rounded(colors, sp, dp, opacity: opacity)
    }
  }

  // MARK: - Non-separable blend modes in float planes

  enum Hue: BlendKernel {
    static var specialisesFullOpacity: Bool { false }
    @inline(__always) static func block<P: PixelLanes>(
      _: P.Type, _ s: P.Pixels, _ d: P.Pixels, opacity: P.Lanes.Scalar
    ) -> P.Pixels {
      typealias Parts = SpanKernels<P>
      typealias B = BlendFormulas<P>
      let (sp, dp) = (P.planes(s), P.planes(d))
      return Parts.rounded(Parts.composited(B.hue(Parts.rgb(sp), Parts.rgb(dp), sp.a, dp.a), sp, dp),
        sp, dp, opacity: opacity)
    }
  }

  enum Saturation: BlendKernel {
    static var specialisesFullOpacity: Bool { false }
    @inline(__always) static func block<P: PixelLanes>(
      _: P.Type, _ s: P.Pixels, _ d: P.Pixels, opacity: P.Lanes.Scalar
    ) -> P.Pixels {
      typealias Parts = SpanKernels<P>
      typealias B = BlendFormulas<P>
      let (sp, dp) = (P.planes(s), P.planes(d))
      return Parts.rounded(Parts.composited(B.saturation(Parts.rgb(sp), Parts.rgb(dp), sp.a, dp.a), sp, dp),
        sp, dp, opacity: opacity)
    }
  }

  enum Color: BlendKernel {
    static var specialisesFullOpacity: Bool { false }
    @inline(__always) static func block<P: PixelLanes>(
      _: P.Type, _ s: P.Pixels, _ d: P.Pixels, opacity: P.Lanes.Scalar
    ) -> P.Pixels {
      typealias Parts = SpanKernels<P>
      typealias B = BlendFormulas<P>
      let (sp, dp) = (P.planes(s), P.planes(d))
      return Parts.rounded(Parts.composited(B.color(Parts.rgb(sp), Parts.rgb(dp), sp.a, dp.a), sp, dp),
        sp, dp, opacity: opacity)
    }
  }

  enum Luminosity: BlendKernel {
    static var specialisesFullOpacity: Bool { false }
    @inline(__always) static func block<P: PixelLanes>(
      _: P.Type, _ s: P.Pixels, _ d: P.Pixels, opacity: P.Lanes.Scalar
    ) -> P.Pixels {
      typealias Parts = SpanKernels<P>
      typealias B = BlendFormulas<P>
      let (sp, dp) = (P.planes(s), P.planes(d))
      return Parts.rounded(Parts.composited(B.luminosity(Parts.rgb(sp), Parts.rgb(dp), sp.a, dp.a), sp, dp),
        sp, dp, opacity: opacity)
    }
  }
}
