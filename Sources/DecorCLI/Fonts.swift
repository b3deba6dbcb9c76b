#if CLI
import ArgumentParser
import Decor

struct Fonts: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "List the font families text can use (as fontconfig finds them), with their styles.",
    discussion: "A text's font= (or a scene's \"font\") is one of these families, with one of its styles after it "
      + "(\"DejaVu Sans Bold\"), or a font file's path.")

  @Argument(help: "Only the families whose name contains this (ignoring case, spaces and hyphens).")
  var pattern: String?

  @Flag(help: "Print each face's file too.")
  var files = false

  func run() throws {
    let faces = Font.installed(matching: pattern)
    guard !faces.isEmpty else {
      throw InputError(input: pattern ?? "fonts", reason: pattern == nil
        ? "no fonts are installed (fontconfig lists none)" : "no installed font family matches (decor fonts lists them all)")
    }
    var families: [(name: String, faces: [FontFile])] = []
    for face in faces {
      if families.last?.name == face.family { families[families.count - 1].faces.append(face) } else {
        families.append((face.family, [face]))
      }
    }
    for family in families {
      if files {
        print(family.name)
        for face in family.faces {
          print("  \(face.style): \(face.path)" + (face.faceIndex == 0 ? "" : " #\(face.faceIndex)"))
        }
      } else {
        // Each style once: fontconfig lists one face per file, and a family installed in several formats (Type 1
        // and OpenType, say) has the same style in each.
        var styles: [String] = []
        for face in family.faces where !styles.contains(face.style) { styles.append(face.style) }
        print("\(family.name): \(styles.joined(separator: ", "))")
      }
    }
  }
}
#endif
