import Navigation
import PropertyBased
import Storyboard
import Testing

/// Snapshots and forks on random storyboards and random walks (the generators of
/// ``NavigatorPropertyTests``): a restored snapshot is the state it was taken from, and a fork goes
/// on exactly as the original does.
struct SnapshotPropertyTests {
    /// A launched random storyboard and the stream its commands come from.
    struct Start {
        var state: NavigationState
        var commands: ChoiceStream
    }

    static func start(_ storyboardChoices: [Int], _ commandChoices: [Int], profile: Profile = .ios17) -> Start? {
        var storyboardStream = ChoiceStream(storyboardChoices)
        let storyboard = RandomStoryboard.make(&storyboardStream)
        guard StoryboardValidator.validate(storyboard).isEmpty else { return nil }
        var commands = ChoiceStream(commandChoices)
        let traits = Traits(idiom: commands.pick(Traits.Idiom.allCases))
        guard let (state, _) = try? Navigator.launch(storyboard, profile: profile, traits: traits) else { return nil }
        return Start(state: state, commands: commands)
    }

    /// One random command applied: its events as lines, or the error.
    static func step(_ state: inout NavigationState, _ command: Command) -> String {
        do {
            let transcript = try Navigator.apply(command, to: &state)
            return "\(transcript.performed) " + transcript.events.map { $0.line(in: state.storyboard) }.joined(separator: "\n")
        } catch {
            return "error \(error.code)"
        }
    }

    @Test(arguments: Profile.allCases)
    func restoringASnapshot_givesTheSameState_atEveryStepOfAWalk(profile: Profile) async {
        await propertyCheck(count: 100, input: NavigatorPropertyTests.choices, NavigatorPropertyTests.choices) { storyboardChoices, commandChoices in
            guard var start = Self.start(storyboardChoices, commandChoices, profile: profile) else { return }
            for _ in 0..<30 where !start.state.isEnded {
                let snapshot = start.state.snapshot()
                do {
                    let restored = try NavigationState(restoring: snapshot, storyboard: start.state.storyboard)
                    #expect(restored == start.state)
                    #expect(restored.snapshot() == snapshot)
                } catch {
                    Issue.record("a snapshot of an engine state was refused: \(error)")
                    return
                }
                _ = Self.step(&start.state, RandomCommand.make(start.state, &start.commands))
            }
        }
    }

    /// The fork is made the way the daemon restores one from another daemon: through the snapshot.
    @Test func aForkAtARandomPoint_givesTheSameTranscriptsAsTheOriginal() async {
        await propertyCheck(count: 200, input: NavigatorPropertyTests.choices, NavigatorPropertyTests.choices, Gen.int(in: 0...25)) {
            storyboardChoices, commandChoices, forkAt in
            guard var start = Self.start(storyboardChoices, commandChoices) else { return }
            for _ in 0..<forkAt where !start.state.isEnded {
                _ = Self.step(&start.state, RandomCommand.make(start.state, &start.commands))
            }
            var original = start.state
            var fork: NavigationState
            do {
                fork = try NavigationState(restoring: original.snapshot(), storyboard: original.storyboard)
            } catch {
                Issue.record("the fork's snapshot was refused: \(error) \(original.snapshot())")
                return
            }
            for _ in 0..<25 where !original.isEnded {
                let command = RandomCommand.make(original, &start.commands)
                let expected = Self.step(&original, command)
                let actual = Self.step(&fork, command)
                #expect(actual == expected, "\(command)")
                if actual != expected { return }
            }
            #expect(fork == original)
        }
    }
}
