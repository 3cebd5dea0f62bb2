public import Flows

/// Scenario steps are written in the flow command syntax: one parser for both (docs/flows.md).
public typealias ScenarioCommandParser = FlowCommandParser
