import HTTPServer
import Logging
import Navigation

extension SeguedService {
    /// `POST /v1/sessions/{id}/move`: the session stops taking changes here (409 `session-moving`
    /// with `Retry-After: 1` from now on; reads go on) and the answer is its snapshot, as
    /// `GET …/snapshot` gives it: the state the next node restores, final, since nothing changes it
    /// here any more. Again while it moves: the same snapshot. deploy/cluster/migrate then restores
    /// it on the next node, points the front there and ends it here with
    /// `DELETE /v1/sessions/{id}?moved=true`, or calls the move off with `DELETE …/move`.
    /// Not kept in `--state-dir`: a node started again holds the session unfenced.
    func beginMove(_ id: String) throws(Problem) -> Response {
        let session = try lookupSession(id)
        guard let navigation = session.beginMove() else { throw .unknownSession(id) }
        logger.info("session \(session.id) moving at revision \(navigation.revision): changes refused here from now on")
        return snapshotResponse(session, navigation)
    }

    /// `DELETE /v1/sessions/{id}/move`: the move is called off and the session takes changes again
    /// here (it took none while it moved). 200 with the session, moving or not before.
    func cancelMove(_ id: String) throws(Problem) -> Response {
        let session = try lookupSession(id)
        if session.cancelMove() { logger.info("session \(session.id) stays here: its move was called off") }
        return session.read { state in sessionResponse(session, state: state, status: 200, launch: nil) }
    }
}
