// bench/import: parse-and-load time of every storyboard in ../shared/storyboards (median of 21
// runs each). Target: the 51-scene file in under 50 ms. A benchmark, not a test.
import Foundation
import Storyboard

let folder = URL(fileURLWithPath: CommandLine.arguments.dropFirst().first ?? "../shared/storyboards")
guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path).filter({ $0.hasSuffix(".storyboard") }).sorted() else {
    print("no storyboards in \(folder.path): give the corpus folder as the argument")
    exit(1)
}

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
}

func padded(_ text: String) -> String { text.padding(toLength: 84, withPad: " ", startingAt: 0) }
print(padded("file") + " scenes  median ms")
var largest: (scenes: Int, milliseconds: Double, name: String) = (0, 0, "")
for name in names {
    let data = try Data(contentsOf: folder.appendingPathComponent(name))
    var scenes = 0
    var times: [Double] = []
    for _ in 0..<21 {
        times.append(try milliseconds { scenes = try InterfaceBuilderImporter.load(data, name: "Main").storyboard.scenes.count })
    }
    let median = times.sorted()[times.count / 2]
    print(padded(name) + String(format: " %6d %10.2f", scenes, median))
    if scenes > largest.scenes { largest = (scenes, median, name) }
}
let ratio = 50 / largest.milliseconds
print(String(format: "\nlargest (%d scenes, %@): %.2f ms   target 50 ms  ratio %.1f  %@",
             largest.scenes, largest.name as NSString, largest.milliseconds, ratio, ratio >= 1 ? "PASS" : "MISS"))
