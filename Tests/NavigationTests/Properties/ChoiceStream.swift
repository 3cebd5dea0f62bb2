/// Turns a generated array of integers into a sequence of bounded choices, so that PropertyBased can
/// generate and shrink storyboards and operation sequences as plain integer arrays.
struct ChoiceStream {
    private let values: [Int]
    private var index = 0

    init(_ values: [Int]) { self.values = values.isEmpty ? [0] : values }

    /// A choice in `0..<count`.
    mutating func next(_ count: Int) -> Int {
        guard count > 1 else { return 0 }
        let value = values[index % values.count]
        index += 1
        return Int(value.magnitude % UInt(count))
    }

    mutating func pick<T>(_ options: [T]) -> T { options[next(options.count)] }

    mutating func chance(_ percent: Int) -> Bool { next(100) < percent }
}
