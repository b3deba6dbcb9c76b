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
  try card(photo, tilted: true).write(to: written("card.png"), as: .png())
  try drawingSheet(photo).write(to: written("drawing.png"), as: .png())
  try poster(photo, cutout: cutout).write(to: written("poster.png"), as: .png())
  try posterizedFromSteps(photo).write(to: written("posterized.png"), as: .png())

  let template = try savedTemplate(at: written("card.json"))
  let inputs = [photo, cutout, try photo.flipped(.horizontal).rendered()]
  let cards = try await cards(from: inputs, template: template)
  for (index, card) in cards.enumerated() { try card.write(to: written("card-\(index + 1).png"), as: .png()) }

  print(describeFailure(of: "rotate 30 | blurr 4", on: photo))
  print("decor-tour: wrote 9 images and card.json to \(folder)")
} catch {
  print("decor-tour: \(error)")
  exit(1)
}
