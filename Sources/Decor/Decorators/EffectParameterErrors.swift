// The blur and the shadows forward their inputs' parameter problems, so that rendering or drawing a blur of an
// invalid component throws its `RenderError.invalidParameter`. Their own parameters are not checked here: when
// their initialisers call `ParameterCheck` (`sigma`, `sigma(radius:)`, `opacity`, `offset`, `spread`), each should
// report `problem ?? input.parameterError` in its own file, and this file goes.

extension GaussianBlur {
  public var parameterError: RenderError? { input.parameterError }
}

extension DropShadow {
  public var parameterError: RenderError? { input.parameterError }
}

extension InnerShadow {
  public var parameterError: RenderError? { input.parameterError }
}
