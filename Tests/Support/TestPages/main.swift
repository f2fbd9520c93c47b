import Foundation

// notio-testpages: renders book-like Korean pages with English words, photo-like variants, ground
// truth word boxes and underline strokes, for the OCR tests and `make bench`.
let usage = """
    usage: notio-testpages generate --out DIR [--seed N] [--count K] [--variants clean,rotate,...] [--overlay]
           notio-testpages verify DIR
    variants: \(Variant.allCases.map(\.rawValue).joined(separator: ","))

    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(2)
}

func required<T>(_ value: T?, _ message: String) -> T {
    guard let value else { fail(message) }
    return value
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard let command = arguments.first else { fail(usage) }
arguments.removeFirst()

do {
    switch command {
    case "generate":
        var generator = Generator(outDirectory: "")
        while !arguments.isEmpty {
            let flag = arguments.removeFirst()
            if flag == "--overlay" { generator.overlay = true; continue }
            guard let value = arguments.first else { fail(usage) }
            arguments.removeFirst()
            switch flag {
            case "--out": generator.outDirectory = value
            case "--seed": generator.seed = required(UInt64(value), "--seed takes a number")
            case "--count": generator.count = required(Int(value), "--count takes a number")
            case "--variants":
                generator.variants = value.split(separator: ",").map { required(Variant(rawValue: String($0)), "unknown variant \($0)\n" + usage) }
            default: fail(usage)
            }
        }
        guard !generator.outDirectory.isEmpty else { fail(usage) }
        let start = Date()
        let truths = try generator.run()
        print("wrote \(truths.count) images to \(generator.outDirectory) in \(Int(Date().timeIntervalSince(start) * 1000)) ms")
    case "verify":
        guard let directory = arguments.first else { fail(usage) }
        let (checked, problems) = try Verifier.verify(directory: directory)
        problems.forEach { print($0) }
        print("\(checked) images checked, \(problems.count) problems")
        exit(problems.isEmpty ? 0 : 1)
    default:
        fail(usage)
    }
} catch {
    FileHandle.standardError.write(Data("notio-testpages: \(error)\n".utf8))
    exit(1)
}
