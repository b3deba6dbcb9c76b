// The article "Text and cards" quotes this file: keep the two in step.

import Decor

/// A 1200×630 social card: a photo filling its box with rounded corners and a shadow, a title wrapped into centred
/// lines with a shadow of its own, and a subtitle (in any script: an Arabic one is laid out right to left).
public func socialCard(photo: Raster, title: String, subtitle: String) throws -> some ImageComponent {
  let navy = try Color(parsing: "#1d2b4f")
  let picture = photo
    .resized(width: 480, height: 510, fit: .cover, gravity: .center)
    .roundingCorners(radius: 24)
    .addingDropShadow(offset: Point(0, 12), sigma: 8, opacity: 0.5)
  let heading = Text(title, font: Font(family: "DejaVu Sans Bold", size: 64), color: .white,
    maxWidth: 560, alignment: .center)
    .addingDropShadow(offset: Point(0, 2), sigma: 2)
  let caption = Text(subtitle, font: Font(family: "DejaVu Sans", size: 40), color: try Color(parsing: "#ffd27a"),
    maxWidth: 560, alignment: .center)
  return Group([
    Layer(SolidColor(navy)),
    Layer(picture, x: 660, y: 60),
    Layer(heading, x: 50, y: 160),
    Layer(caption, x: 50, y: 400),
  ]).cropped(to: IntRect(x: 0, y: 0, width: 1200, height: 630))
}

/// A title kept to two lines, the last cut with an ellipsis when it is longer (the article's "A line limit").
public func twoLineTitle(_ title: String) -> Text {
  let heading = Text(title, font: Font(family: "DejaVu Sans Bold", size: 64), maxWidth: 560, maxLines: 2)
  if heading.isTruncated { print("the title was cut to \(heading.lines.count) lines") }
  return heading
}
