import CPoppler
import Foundation
import NotioMedia
import NotioCore

/// An open PDF document over poppler-glib: page text, outline, metadata, page images.
///
/// Owns the poppler handle; use one instance from one thread at a time.
public final class PDFText {
    private let document: OpaquePointer

    /// Opens a PDF from its bytes; throws `MediaError` (`empty_file`, `not_a_pdf`,
    /// `encrypted_pdf`, `damaged_pdf`).
    public init(data: Data) throws {
        guard !data.isEmpty else { throw MediaError.emptyFile }
        // poppler searches for the header within the first kilobyte, as Acrobat does.
        guard data.prefix(1024).range(of: Data("%PDF-".utf8)) != nil else { throw MediaError.notAPDF }

        var error: UnsafeMutablePointer<GError>?
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        guard let opened = poppler_document_new_from_bytes(bytes, nil, &error) else {
            let code = error.map { Int($0.pointee.code) } ?? -1
            if let error { g_error_free(error) }
            throw code == Int(POPPLER_ERROR_ENCRYPTED.rawValue) ? MediaError.encrypted : MediaError.damaged
        }
        document = opened
        guard pageCount > 0 else {
            g_object_unref(UnsafeMutableRawPointer(opened))
            throw MediaError.damaged
        }
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(document)) }

    public var pageCount: Int { Int(poppler_document_get_n_pages(document)) }

    /// The title in the document's metadata, if it has a non-blank one.
    public var metadataTitle: String? {
        guard let raw = poppler_document_get_title(document) else { return nil }
        defer { g_free(raw) }
        let title = String(cString: raw).trimmingCharacters(in: .whitespacesAndNewlines)
        return title.isEmpty ? nil : title.precomposedStringWithCanonicalMapping
    }

    /// The raw text of a page (0-based index) as poppler lays it out: one line per PDF line.
    public func rawText(page index: Int) -> String {
        withPage(index) { page in
            guard let raw = poppler_page_get_text(page) else { return "" }
            defer { g_free(raw) }
            return String(cString: raw)
        } ?? ""
    }

    /// Whether a page (0-based index) carries at least one image.
    public func hasImages(page index: Int) -> Bool {
        withPage(index) { page in
            guard let list = poppler_page_get_image_mapping(page) else { return false }
            poppler_page_free_image_mapping(list)
            return true
        } ?? false
    }

    /// Runs `body` with a page handle that is released afterwards.
    func withPage<T>(_ index: Int, _ body: (OpaquePointer) -> T) -> T? {
        guard index >= 0, index < pageCount, let page = poppler_document_get_page(document, Int32(index)) else {
            return nil
        }
        defer { g_object_unref(UnsafeMutableRawPointer(page)) }
        return body(page)
    }

    /// The outline (bookmarks) in reading order, with 1-based pages.
    public var outline: [OutlineEntry] {
        guard let iterator = poppler_index_iter_new(document) else { return [] }
        defer { poppler_index_iter_free(iterator) }
        var entries: [OutlineEntry] = []
        collectOutline(iterator, level: 0, into: &entries)
        return entries
    }

    private func collectOutline(_ iterator: OpaquePointer, level: Int, into entries: inout [OutlineEntry]) {
        // Deep or cyclic outlines in hostile files must not recurse without bound.
        guard level < 16, entries.count < 10_000 else { return }
        repeat {
            if let action = poppler_index_iter_get_action(iterator) {
                if let entry = outlineEntry(action, level: level) { entries.append(entry) }
                poppler_action_free(action)
            }
            if let child = poppler_index_iter_get_child(iterator) {
                collectOutline(child, level: level + 1, into: &entries)
                poppler_index_iter_free(child)
            }
        } while poppler_index_iter_next(iterator) != 0
    }

    private func outlineEntry(_ action: UnsafeMutablePointer<PopplerAction>, level: Int) -> OutlineEntry? {
        guard action.pointee.type == POPPLER_ACTION_GOTO_DEST else {
            guard let title = action.pointee.any.title else { return nil }
            return OutlineEntry(title: cleanTitle(title), page: nil, level: level)
        }
        let goto = action.pointee.goto_dest
        guard let title = goto.title else { return nil }
        return OutlineEntry(title: cleanTitle(title), page: goto.dest.flatMap(pageNumber), level: level)
    }

    private func cleanTitle(_ raw: UnsafeMutablePointer<gchar>) -> String {
        String(cString: raw).trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
    }

    private func pageNumber(_ dest: UnsafeMutablePointer<PopplerDest>) -> Int? {
        if dest.pointee.type == POPPLER_DEST_NAMED, let name = dest.pointee.named_dest {
            guard let found = poppler_document_find_dest(document, name) else { return nil }
            defer { poppler_dest_free(found) }
            return found.pointee.page_num > 0 ? Int(found.pointee.page_num) : nil
        }
        return dest.pointee.page_num > 0 ? Int(dest.pointee.page_num) : nil
    }
}
