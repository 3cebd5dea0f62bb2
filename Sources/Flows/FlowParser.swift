/// Reads the flow text format (docs/flows.md). Every line is either a `#` comment, a `key: value`
/// header before the first step, `launch` or `> COMMAND` (a step), an expectation indented by two
/// spaces, or a callback line indented by four under a `callbacks…:` expectation. Anything else is
/// an error naming its line, so that a typo cannot pass as an expectation nobody checks.
public enum FlowParser {
    public static func parse(_ text: String, name: String) throws -> Flow {
        var flow = Flow(name: name, steps: [])
        var version: Int?
        var lineNumber = 0
        func fail(_ message: String) -> FlowError { FlowError("\(name).flow:\(lineNumber): \(message)") }
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = String(raw.hasSuffix("\r") ? raw.dropLast() : raw)
            let trimmed = line.trimmingSpaces
            if trimmed.isEmpty { continue }
            if trimmed.hasPrefix("#") {
                if flow.steps.isEmpty { flow.comments.append(trimmed) }
                continue
            }
            if line.hasPrefix("    ") {
                guard var step = flow.steps.popLast(), let last = step.expectations.popLast() else {
                    throw fail("a callback line outside a callbacks list")
                }
                switch last {
                case .callbacks(let lines): step.expectations.append(.callbacks(lines + [trimmed]))
                case .callbacksIncluding(let lines): step.expectations.append(.callbacksIncluding(lines + [trimmed]))
                case .callbacksMatching(let methods, let lines):
                    step.expectations.append(.callbacksMatching(methods: methods, lines: lines + [trimmed]))
                default: throw fail("a callback line outside a callbacks list")
                }
                flow.steps.append(step)
            } else if line.hasPrefix("  ") {
                guard !flow.steps.isEmpty else { throw fail("an expectation before any step") }
                flow.steps[flow.steps.count - 1].expectations.append(try expectation(trimmed, fail: fail))
            } else if trimmed == "launch" {
                guard flow.steps.isEmpty else { throw fail("launch can only be the first step") }
                flow.steps.append(FlowStep(command: "launch"))
            } else if trimmed.hasPrefix("> ") {
                let command = String(trimmed.dropFirst(2)).trimmingSpaces
                do { _ = try FlowCommandParser.parse(command) } catch { throw fail("\(error)") }
                if flow.steps.isEmpty { flow.steps.append(FlowStep(command: "launch")) }
                flow.steps.append(FlowStep(command: command))
            } else if flow.steps.isEmpty, let colon = trimmed.firstIndex(of: ":") {
                let key = String(trimmed[..<colon])
                let value = String(trimmed[trimmed.index(after: colon)...]).trimmingSpaces
                switch key {
                case "flow":
                    guard let number = Int(value) else { throw fail("flow: takes the format version, 1") }
                    guard number <= Flow.formatVersion else {
                        throw fail("format version \(number) is newer than this segued reads (\(Flow.formatVersion))")
                    }
                    version = number
                case "storyboard": flow.storyboard = value
                case "app": flow.app = value
                case "entry": flow.entry = value
                case "profile": flow.profile = value
                case "traits": flow.traits = value
                case "initialScene": flow.initialScene = value
                default: throw fail("unknown header \(key) (flow, storyboard, app, entry, profile, traits, initialScene)")
                }
            } else {
                throw fail("cannot read: \(line)")
            }
        }
        guard version != nil else { throw FlowError("\(name).flow: no `flow: 1` header (the format version)") }
        guard (flow.storyboard == nil) != (flow.app == nil) else {
            throw FlowError("\(name).flow: give exactly one of storyboard: and app:")
        }
        if flow.entry != nil, flow.app == nil { throw FlowError("\(name).flow: entry: names the entry storyboard of app:, which is not given") }
        if flow.steps.isEmpty { flow.steps.append(FlowStep(command: "launch")) }
        return flow
    }

    static func expectation(_ text: String, fail: (String) -> FlowError) throws -> Expectation {
        guard let colon = text.firstIndex(of: ":") else { throw fail("an expectation is `key: value`: \(text)") }
        let key = String(text[..<colon])
        let value = String(text[text.index(after: colon)...]).trimmingSpaces
        let words = value.split(separator: " ").map(String.init)
        switch key {
        case "performed":
            guard let first = words.first, let performed = Bool(first), words.count <= 2 else {
                throw fail("performed: takes true, or false and an optional reason")
            }
            return .performed(performed, reason: words.count == 2 ? words[1] : nil)
        case "error": return .error(value)
        case "visible": return .visible(value)
        case "scenes": return .scenes(words)
        case "destination": return .destination(value)
        case "callbacks":
            guard value.isEmpty else { throw fail("callbacks: lists its lines below, indented by four spaces") }
            return .callbacks([])
        case "callbacks including":
            return .callbacksIncluding([])
        default:
            if key.hasPrefix("callbacks matching ") {
                let methods = key.dropFirst("callbacks matching ".count).split(separator: " ").map(String.init)
                guard !methods.isEmpty else { throw fail("callbacks matching names one or more methods") }
                return .callbacksMatching(methods: methods, lines: [])
            }
            throw fail("unknown expectation \(key) (performed, error, visible, scenes, destination, callbacks…)")
        }
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " || text.first == "\t" { text = text.dropFirst() }
        while text.last == " " || text.last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
