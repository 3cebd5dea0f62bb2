import Foundation
import HTTPServer
import Navigation
@testable import SeguedService
import SeguedTestSupport
import Storyboard
import Testing

/// A fuzzer of snapshot documents through the API: valid snapshots of demo sessions, mutated at
/// random places (values of the wrong type, huge numbers, ids that are wrong, out of range or
/// repeated, members dropped or added, instances duplicated or swapped). Every answer is a 201 or a
/// problem (never a 500, never a trap); every session restored keeps the engine's invariants, then
/// and through a walk of operations. Seeded and bounded: the same cases every run.
struct SnapshotDocumentFuzzTests {
    @Test func mutatedDocuments_areRefusedOrRestoreConsistentSessions() throws {
        let service = SeguedService()
        var random = SplitMix(seed: 0x5e_9ed)
        var statuses: [Int: Int] = [:]
        let steps = [
            #"{"identifier": "showItem"}"#, #"{"identifier": "editItem"}"#, #"{"identifier": "showFilter"}"#,
            #"{"identifier": "addItem"}"#,
        ]
        for round in 0..<40 {
            let id = try service.demoSession(round % 2 == 0 ? "" : #", "traits": {"idiom": "pad"}"#)
            for _ in 0..<random.next(4) {
                _ = service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: steps[random.next(steps.count)]))
            }
            let valid = try service.handle(.make("GET", "/v1/sessions/\(id)/snapshot")).json
            for _ in 0..<12 {
                var document = valid
                // One document in five only changes an instance's data, which a restore accepts: the
                // walk after an accepted restore is exercised too.
                if random.next(5) == 0, case .object(var members) = document, case .array(var instances)? = members["instances"] {
                    let index = random.next(instances.count)
                    if case .object(var instance) = instances[index] {
                        instance["properties"] = .object(["key": Self.replacements[random.next(Self.replacements.count)]])
                        instances[index] = .object(instance)
                    }
                    members["instances"] = .array(instances)
                    document = .object(members)
                } else {
                    for _ in 0...random.next(3) { Self.mutate(&document, &random) }
                }
                let body = try JSONValue.object(["snapshot": document]).jsonText
                let response = service.handle(.make("POST", "/v1/sessions", json: body))
                statuses[response.status, default: 0] += 1
                #expect([201, 404, 422].contains(response.status), "\(response.text)")
                guard response.status == 201, let restored = try response.json["id"]?.stringValue else { continue }
                let session = try #require(service.sessions[SessionID(rawValue: restored)])
                var state = session.read { $0.navigation }
                #expect(state.invariantViolations().isEmpty)
                Self.walk(&state, &random)
                _ = service.handle(.make("DELETE", "/v1/sessions/\(restored)"))
            }
            _ = service.handle(.make("DELETE", "/v1/sessions/\(id)"))
        }
        #expect(statuses[422, default: 0] > 100, "\(statuses)")
        #expect(statuses[201, default: 0] > 40, "\(statuses)")
    }

    /// Operations on the restored state, checking the invariants after each.
    static func walk(_ state: inout NavigationState, _ random: inout SplitMix) {
        for _ in 0..<15 where !state.isEnded {
            let offered = state.triggerableSegues().filter(\.isTouchable)
            let command: Command
            switch offered.isEmpty ? 2 + random.next(3) : random.next(5) {
            case 0, 1:
                let segue = offered[random.next(offered.count)]
                let reference: SegueReference = segue.segue.identifier.map { .identifier($0) } ?? .id(segue.segue.id ?? "none")
                command = .performSegue(.init(segue: reference, source: segue.source))
            case 2: command = .pop(navigation: nil, animated: true)
            case 3: command = .dismiss(nil, animated: true)
            default: command = .selectTab(index: random.next(4), tabBar: nil, byUser: true, shouldSelect: nil)
            }
            _ = try? Navigator.apply(command, to: &state)
            let problems = state.invariantViolations()
            #expect(problems.isEmpty, "after \(command): \(problems)")
            if !problems.isEmpty { return }
        }
    }

    static let replacements: [JSONValue] = [
        .null, .bool(true), .number(0), .number(-1), .number(1e300), .number(1_152_921_504_606_846_976), .number(0.5), .string(""), .string("vc0"),
        .string("vc1"), .string("vc2"), .string("vc3"), .string("vc7"), .string("vc999999"), .string("tabs"), .string("itemList"),
        .string("navigationController"), .string("appeared"), .string("disappeared"), .string("fullScreen"), .array([]),
        .array([.string("vc2"), .string("vc2")]), .object([:]),
    ]

    /// One change at a random place of the document.
    static func mutate(_ value: inout JSONValue, _ random: inout SplitMix) {
        switch value {
        case .object(var members) where !members.isEmpty && random.next(4) != 0:
            let keys = members.keys.sorted()
            let key = keys[random.next(keys.count)]
            switch random.next(10) {
            case 0: members[key] = nil
            case 1: members["unexpected"] = .number(1)
            default: mutate(&members[key]!, &random)
            }
            value = .object(members)
        case .array(var elements) where !elements.isEmpty && random.next(4) != 0:
            let index = random.next(elements.count)
            switch random.next(8) {
            case 0: elements.append(elements[index])
            case 1: elements.remove(at: index)
            case 2: elements.swapAt(index, random.next(elements.count))
            default: mutate(&elements[index], &random)
            }
            value = .array(elements)
        default:
            value = replacements[random.next(replacements.count)]
        }
    }
}
