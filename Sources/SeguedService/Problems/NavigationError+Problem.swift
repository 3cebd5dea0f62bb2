import Foundation
import Navigation

extension NavigationError: ProblemConvertible {
    /// 404 for what names something that does not exist, 409 for what the current state forbids,
    /// 422 for a request that can never be valid.
    var problem: Problem {
        let status: Int
        let title: String
        switch self {
        case .unknownSegue, .unknownInstance, .unknownScene:
            status = 404
            title = "Unknown \(code.replacingOccurrences(of: "unknown-", with: ""))"
        case .invalidCodeSegueKind, .emptyStack, .segueWithoutIdentifier:
            status = 422
            title = "Invalid request"
        default:
            status = 409
            title = "Not possible in the current state"
        }
        return Problem(code: code, title: title, status: status, detail: description)
    }
}
