import Foundation
import NotioHTTP

/// What browsers may do with our answers, decided here once. The server adds `defaults` to every
/// answer that does not set its own (and `nosniff` to all, in NotioHTTP); the widget, made to be
/// embedded elsewhere, sets `widget` instead.
enum SecurityHeaders {
    /// The Content-Security-Policy of every page:
    /// - scripts only from our own files, plus the one inline import map by the hash of its exact
    ///   bytes (computed at start from the same function that writes it): no inline script, no
    ///   `eval`, no `javascript:` URLs;
    /// - styles from our files and inline: five views set computed values in `style` attributes
    ///   (a rate bar's width, a drawn cover's hue, card colours) and the offline page carries its
    ///   own `<style>` to work without the network. Injected CSS cannot send anything away, since
    ///   images, fonts and connections are limited below;
    /// - images from here, `blob:` (card previews, page photos) and `https:` (catalog thumbnails
    ///   in book search results, loaded with `referrerpolicy="no-referrer"`);
    /// - no plugins, no `<base>` elsewhere, forms post only here, no page may frame ours.
    static func contentSecurityPolicy(importMap: String) -> String {
        let hash = Crypto.sha256(importMap).base64EncodedString()
        return [
            "default-src 'self'",
            "script-src 'self' 'sha256-\(hash)'",
            "style-src 'self' 'unsafe-inline'",
            "img-src 'self' blob: https:",
            "connect-src 'self'",
            "font-src 'self'",
            "worker-src 'self'",
            "manifest-src 'self'",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }

    /// The address a page may show an outside image from, under `img-src`: https only, and an
    /// http address is asked for over https (as browsers do on an https page: Aladin's lists
    /// give http thumbnails that its image host also serves over https). Nil for anything else.
    static func outsideImage(_ url: String) -> String? {
        guard var parts = URLComponents(string: url), let scheme = parts.scheme?.lowercased(),
              scheme == "http" || scheme == "https", parts.host?.isEmpty == false else { return nil }
        parts.scheme = "https"
        if scheme == "http", parts.port == 80 { parts.port = nil }
        return parts.string
    }

    /// Every answer's headers unless it sets its own. `same-origin`: our own pages see where a
    /// reader came from; other sites never see our URLs (note ids, search words).
    static func defaults(importMap: String) -> Headers {
        Headers([("Content-Security-Policy", contentSecurityPolicy(importMap: importMap)),
                 ("Referrer-Policy", "same-origin")])
    }

    /// `/widget/sentence`: a home-screen widget tool or a dashboard embeds it in a frame of its
    /// own origin, which we cannot know, so any page may frame it (`frame-ancestors *`). That is
    /// safe because the document has nothing to click or submit (no links, forms or scripts:
    /// nothing to trick a reader into doing) and a session cookie (SameSite=Lax) is not sent to
    /// a cross-site frame, so a framing page shows only what its own widget token already shows.
    /// Its URL holds the token: no referrer is ever sent from it.
    static let widget = Headers([
        ("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors *"),
        ("Referrer-Policy", "no-referrer"),
    ])
}
