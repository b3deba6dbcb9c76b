/// The Levenshtein distance: the fewest single-element insertions, deletions and substitutions turning `a` into
/// `b`. Quadratic time, linear memory; meant for the short words of "did you mean" suggestions (colour names,
/// filter names).
package func editDistance<Element: Equatable>(_ a: [Element], _ b: [Element]) -> Int {
  if a.isEmpty { return b.count }
  if b.isEmpty { return a.count }
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
      current[j] = Swift.min(substitution, previous[j] + 1, current[j - 1] + 1)
    }
    swap(&previous, &current)
  }
  return previous[b.count]
}

/// The Levenshtein distance between two strings, by characters.
package func editDistance(_ a: String, _ b: String) -> Int { editDistance(Array(a), Array(b)) }
