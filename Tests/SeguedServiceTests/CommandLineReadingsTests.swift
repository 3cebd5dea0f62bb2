import Flows
import Navigation
@testable import SeguedService
import Storyboard
import Testing

/// The check that a stored command reads back from its flow line answers what a parse would,
/// whether the line is remembered or not: the same line with another command is not taken for it.
struct CommandLineReadingsTests {
    static let showItem = Command.performSegue(.init(segue: .identifier(SegueID("showItem")), data: .object(["itemID": .number(Double(1))])))

    @Test func aLineThatReadsBack_isSaidTo_theFirstTimeAndWhenRemembered() {
        let readings = CommandLineReadings()
        let line = FlowCommandWriter.line(Self.showItem)
        #expect(line == #"segue showItem data={"itemID":1}"#)
        #expect(readings.reads(line, as: Self.showItem))
        #expect(readings.reads(line, as: Self.showItem))
    }

    @Test func aRememberedLine_doesNotReadBackToAnotherCommand() {
        let readings = CommandLineReadings()
        let line = FlowCommandWriter.line(Self.showItem)
        #expect(readings.reads(line, as: Self.showItem))
        let other = Command.performSegue(.init(segue: .identifier(SegueID("showItem")), data: .object(["itemID": .number(Double(2))])))
        #expect(!readings.reads(line, as: other))
    }

    /// An identifier with a space has no step line: its line reads back to something else, or not
    /// at all, each time it is asked.
    @Test func aLineThatDoesNotReadBack_isSaidNotTo_eachTime() {
        let readings = CommandLineReadings()
        let spaced = Command.performSegue(.init(segue: .identifier(SegueID("show item"))))
        let line = FlowCommandWriter.line(spaced)
        #expect(!readings.reads(line, as: spaced))
        #expect(!readings.reads(line, as: spaced))
    }

    /// More lines than slots: each is still answered right once its slot has been taken by another.
    @Test func linesBeyondTheSlots_areStillAnsweredRight() {
        let readings = CommandLineReadings()
        let commands = (0..<(CommandLineReadings.slotCount * 2)).map {
            Command.performSegue(.init(segue: .identifier(SegueID("showItem")), data: .object(["itemID": .number(Double($0))])))
        }
        for _ in 0..<2 {
            for command in commands { #expect(readings.reads(FlowCommandWriter.line(command), as: command)) }
        }
        #expect(!readings.reads(FlowCommandWriter.line(commands[0]), as: commands[1]))
    }

    /// What a start reads a stored line back to: the parser's command, the first time and when
    /// remembered, past the slots too; a line that does not read, nothing, each time.
    @Test func aLinesCommand_isTheParsersOne_rememberedOrNot() throws {
        let readings = CommandLineReadings()
        let commands = (0..<(CommandLineReadings.slotCount * 2)).map {
            Command.performSegue(.init(segue: .identifier(SegueID("showItem")), data: .object(["itemID": .number(Double($0))])))
        }
        for _ in 0..<2 {
            for command in commands {
                let line = FlowCommandWriter.line(command)
                #expect(readings.command(of: line) == command)
                #expect(try readings.command(of: line) == FlowCommandParser.parse(line))
            }
        }
        #expect(readings.command(of: "segue") == nil)
        #expect(readings.command(of: "segue") == nil)
        #expect(readings.command(of: "no such step") == nil)
    }
}
