/// A node's name in a cluster (`segued serve --node-id n2`): the prefix of the session ids it
/// mints (`n2-…`), which the front (HAProxy, deploy/cluster) reads to send a session's requests to
/// the node that holds it.
public enum NodeID {
    /// 1–16 characters from `A–Z a–z 0–9 . _`: no `-`, so that the part of a session id before its
    /// first `-` is the node's name, and the id stays a valid session id (16 + 1 + 16 ≤ 64).
    public static func isValid(_ text: String) -> Bool {
        (1...16).contains(text.utf8.count) && text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "."), UInt8(ascii: "_"):
                true
            default: false
            }
        }
    }
}

extension SessionID {
    /// A server-chosen id: 16 random hex digits, after `node-` when the daemon has a node name.
    static func random(node: String?) -> SessionID {
        let id = random()
        guard let node else { return id }
        return SessionID(rawValue: node + "-" + id.rawValue)
    }
}
