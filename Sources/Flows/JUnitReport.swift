/// JUnit XML as CI systems read it (Jenkins, GitLab, GitHub actions' reporters): one `testsuite`
/// per run with `tests`, `failures`, `errors`, `skipped`, `time`; one `testcase` per flow with
/// `name`, `classname` (the flow's file) and `time`; a `failure` with `message` and the full text.
public enum JUnitReport {
    public static func xml(_ results: [FlowResult], suite: String = "segued") -> String {
        let failures = results.filter { !$0.passed }.count
        let time = results.reduce(0) { $0 + $1.seconds }
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="\#(escape(suite))" tests="\#(results.count)" failures="\#(failures)" errors="0" time="\#(seconds(time))">"#,
            #"  <testsuite name="\#(escape(suite))" tests="\#(results.count)" failures="\#(failures)" errors="0" skipped="0" time="\#(seconds(time))">"#,
        ]
        for result in results {
            let open = #"    <testcase name="\#(escape(result.name))" classname="\#(escape(result.file))" time="\#(seconds(result.seconds))""#
            if let failure = result.failure {
                let message = failure.split(separator: "\n").first.map(String.init) ?? failure
                lines.append(open + ">")
                lines.append(#"      <failure message="\#(escape(message))" type="FlowFailure">\#(escape(failure))</failure>"#)
                lines.append("    </testcase>")
            } else {
                lines.append(open + "/>")
            }
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    static func seconds(_ value: Double) -> String {
        let millis = Int((value * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            // XML 1.0 has no other control characters, not even escaped.
            case _ where scalar.value < 0x20: result += "?"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
