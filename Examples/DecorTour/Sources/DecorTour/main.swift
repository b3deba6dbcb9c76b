import Decor
import Tour

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// `decor-tour PHOTO CUTOUT OUTPUT-FOLDER`: runs every example of the tour and writes its images into the folder.
let arguments = CommandLine.arguments
guard arguments.count == 4 else {
  print("usage: decor-tour PHOTO CUTOUT OUTPUT-FOLDER")
  exit(2)
}
let (photoPath, cutoutPath, folder) = (arguments[1], arguments[2], arguments[3])

do {
  let photo = try Raster(contentsOfFile: photoPath)
  let cutout = try Raster(contentsOfFile: cutoutPath)
  func written(_ name: String) -> String { folder + "/" + name }

  try framePhoto(photoPath, to: written("framed.png"))
  try framePhotoFromSteps(photoPath, to: written("framed-from-steps.png"))
  try card(photo, tilted: true).rendered().writePNG(toFile: written("card.png"))
  try drawingSheet(photo).writePNG(toFile: written("drawing.png"))
  try poster(photo, cutout: cutout).rendered().writePNG(toFile: written("poster.png"))
  try posterizedFromSteps(photo).writePNG(toFile: written("posterized.png"))

  let template = try savedTemplate(at: written("card.json"))
  let inputs = [photo, cutout, try photo.flipped(.horizontal).rendered()]
  let cards = try await cards(from: inputs, template: template)
  for (index, card) in cards.enumerated() { try card.writePNG(toFile: written("card-\(index + 1).png")) }

  print(describeFailure(of: "rotate 30 | blurr 4", on: photo))
  print("decor-tour: wrote 9 images and card.json to \(folder)")
} catch {
  print("decor-tour: \(error)")
  exit(1)
}
