import Decor

/// libFuzzer's entry point: the input is the text of a chain, as one command-line argument would hold it.
///
/// What must hold for any text: parsing never traps (an error is fine); a chain that parses survives its template
/// (the JSON form reads back to an equal chain whose JSON is the same); applying it to a small image never traps,
/// and when the result is small it renders without trapping.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzChain(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  guard let chain = try? Chain(parsing: [text]) else { return 0 }
  let template = chain.template
  guard let again = try? Chain(template: template) else {
    fatalError("a parsed chain's template does not read back: \(template)")
  }
  precondition(again == chain && again.template == template, "the template changed the chain: \(template)")
  FuzzRender.check(try? chain.apply(to: FuzzRender.image, images: { _ in FuzzRender.overlay }))
  return 0
}
