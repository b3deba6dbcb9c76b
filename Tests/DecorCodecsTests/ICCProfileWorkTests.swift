import Foundation
import Testing

import Decor
import DecorTestSupport

/// The work Decor counts in an ICC profile before Little CMS reads it (`ICCProfileWork`): every real profile is
/// within the bound, and profiles built to keep Little CMS busy for minutes or hours (segmented curves of thousands
/// of segments, elements and tags referring to the same bytes again and again, tables of many dimensions) are
/// refused at once, as errors, never read.
@Suite struct ICCProfileWorkTests {
  /// The profiles of the fixtures, Little CMS's sRGB and the system's CMYK profiles: all used.
  @Test func realProfilesAreWithinTheBound() throws {
    var profiles: [(String, [UInt8])] = [("sRGB", ColorProfile.sRGB.data)]
    for name in ["ICC/display-p3.icc", "ICC/gray30.icc", "ICC/lab.icc", "CMYK/small-cmyk.icc"] {
      profiles.append((name, try Fixtures.bytes(Fixtures.root.appendingPathComponent(name))))
    }
    let ghostscript = "/usr/share/color/icc/ghostscript"
    for name in (try? FileManager.default.contentsOfDirectory(atPath: ghostscript)) ?? [] where name.hasSuffix(".icc") {
      if let bytes = FileManager.default.contents(atPath: ghostscript + "/" + name) {
        profiles.append((name, Array(bytes)))
      }
    }
    for (name, bytes) in profiles {
      let work = ICCProfileWork(measuring: bytes)
      #expect(work.excess == nil, "\(name): \(work)")
      #expect(work.evaluationSteps > 0 || name == "lab.icc", "\(name): its curves and tables are counted")
    }
    // The three intents of the system's CMYK profile share one table each way, and each is counted.
    if let system = CMYKConversion.defaultProfile, system.count == 187_484 {
      #expect(ICCProfileWork(measuring: system)
        == ICCProfileWork(curveEntries: 8_466, clutValues: 490_293, evaluationSteps: 336))
    }
  }

  /// Each hostile profile is refused by the count alone, which stays cheap however often bytes are referred to.
  @Test(arguments: HostileICCProfile.allCases)
  func hostileProfilesAreRefusedBeforeLittleCMS(_ hostile: HostileICCProfile) throws {
    let bytes = hostile.bytes
    let start = ContinuousClock.now
    let work = ICCProfileWork(measuring: bytes)
    let excess = try #require(work.excess, "\(hostile): \(work)")
    #expect(excess.contains(hostile.over), "\(hostile): \(excess)")
    #expect {
      _ = try ColorProfile(iccData: bytes)
    } throws: { error in
      guard case .beyondWorkLimit(let count, let detail) = error as? ColorProfileError else { return false }
      return count == bytes.count && detail == excess
        && "\(error)".hasPrefix("the ICC profile (\(bytes.count) bytes) asks for more work than Decor allows")
    }
    #expect(ImageMetadata.problem(withProfile: bytes)?.contains("asks for more work than Decor allows") == true)
    #expect(ContinuousClock.now - start < .seconds(2), "\(hostile): counted in \(ContinuousClock.now - start)")
  }
}
