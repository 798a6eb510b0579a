import MatrixClient

/// Where the preview of an address typed in a message stands.
enum LinkPreviewFetch: Sendable, Equatable {
    case fetching
    case ready(LinkPreview)
    /// The homeserver found nothing to show, or could not fetch the page.
    case unavailable
}
