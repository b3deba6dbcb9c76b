import Testing

import Decor
import DecorTestSupport

/// How a step's words are read, as an ImageMagick or CSS user writes them: parentheses keep a colour function one
/// word, names ignore case as colour names do, `colour=` is `color=`, numbers are decimal, and a near miss gets a
/// suggestion.
@Suite struct ChainParsingTests {
  func message(_ text: String) -> String {
    do {
      _ = try Chain(parsing: text)
      return ""
    } catch {
      return "\(error)"
    }
  }

  @Test func parenthesesKeepAColourFunctionOneWord() throws {
    let grouped = try Chain(parsing: "pad 4 color=rgb(10, 20, 30) | rotate 3")
    let quoted = try Chain(parsing: "pad 4 'color=rgb(10,20,30)' | rotate 3")
    #expect(grouped == quoted)
    #expect(grouped.steps.count == 2)
    #expect(Chain.split("a (b | c) d").map(\.words) == [["a", "(b"], ["c)", "d"]], "a | still ends a step")
    #expect(try Chain(parsing: "pad 2 color=hsl(120, 100%, 25%)") == Chain(parsing: "pad 2 'color=hsl(120,100%,25%)'"))
  }

  @Test func namesIgnoreCase() throws {
    #expect(try Chain(parsing: "Rotate 5") == Chain(parsing: "rotate 5"))
    #expect(try Chain(parsing: "BLEND Multiply x.png") == Chain(parsing: "blend multiply x.png"))
    #expect(try Chain(parsing: "pad 4 Color=red") == Chain(parsing: "pad 4 color=red"))
    #expect(try Chain(parsing: "pad 4 colour=red") == Chain(parsing: "pad 4 color=red"))
    #expect(try Chain(parsing: "pad 4 COLOUR=Red") == Chain(parsing: "pad 4 color=red"))
  }

  @Test func nearMissesGetASuggestion() {
    #expect(message("pad 4 color=gren").hasSuffix("got \"gren\"; did you mean \"green\"?"))
    #expect(message("blend multipy x.png").hasSuffix("got \"multipy\"; did you mean \"multiply\"?"))
    #expect(message("pad 4 colr=red").contains("unknown option \"colr\" (did you mean \"color\"?): pad takes"))
    #expect(message("pad 4 size=2").contains("unknown option \"size\": pad takes"), "no guess when nothing is near")
    #expect(message("rotat 4").contains("rotate"))
  }

  @Test func numbersAreDecimal() {
    for text in ["brightness 0x10", "rotate 0x1p3", "brightness 1_0"] {
      #expect(message(text).contains("expected"), "\(text)")
    }
    #expect(message("brightness 0x10").hasSuffix("got \"0x10\" (decimal numbers only)"))
    #expect(message("brightness nan").hasSuffix("brightness must be a finite number, got nan"))
    for text in ["brightness 1.5", "brightness .5", "brightness 1e0", "rotate -30", "rotate +30deg"] {
      #expect(message(text).isEmpty, "\(text): \(message(text))")
    }
    #expect(ArgumentValue.decimal("0x10") == nil && ArgumentValue.decimal("inf") == nil
      && ArgumentValue.decimal("-") == nil && ArgumentValue.decimal("2.5e1") == 25)
  }
}
