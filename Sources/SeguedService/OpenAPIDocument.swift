/// The API contract, `openapi.yaml` at the top of the repository, compiled into the binary so that
/// `GET /openapi.yaml` serves exactly the file in the source tree.
enum OpenAPIDocument {
    static let bytes: [UInt8] = PackageResources.openapi_yaml
}
