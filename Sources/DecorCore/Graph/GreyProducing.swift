/// A node that can say, without rendering, that every pixel it produces is grey whatever its inputs are: a leaf whose
/// pixels are all grey, or a step whose output is grey (`grayscale 1`, `saturate 0`). The encoders use it as a hint
/// to try a grey file first (`BandedRender.sourcesAreGrey`); `false` means "not known", never "colour".
package protocol GreyProducing {
  /// `true` when every pixel out is grey, whatever comes in.
  var producesGrey: Bool { get }
}
