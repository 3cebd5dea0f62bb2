import Foundation
import Storyboard

extension JSONValue {
    /// Parses JSON text (cold paths: start-up, storyboard uploads, small command bodies).
    static func parse(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }
}
