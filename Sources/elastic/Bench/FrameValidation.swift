import ElasticCore
import ElasticRaster
import ElasticSDL
import Foundation

/// `elastic bench --validate`: a few frames of each benchmark, at fixed frame numbers, compared
/// with reference images (`assets/bench/`): bit for bit on the software path, within `Tolerance`
/// on OpenGL, whose anti-aliasing is the GPU's own. A frame that differs is written beside its
/// reference (or into the working folder when that cannot be written) for a look.
final class FrameValidation: RunOutput {
    /// The frames compared: 0.5 s, 2 s and 3.5 s into the replay at 60 frames a second, all inside
    /// the default set's shortest benchmark.
    static let frames = [30, 120, 210]

    /// When two frames count as the same.
    struct Tolerance: Equatable {
        /// A pixel differs when a channel differs by more than this many levels.
        var levels: Int
        /// The share of the frame's pixels that may differ.
        var share: Double

        static let exact = Tolerance(levels: 0, share: 0)
        /// OpenGL: its edges' coverage is the GPU's, up to a whole pixel's worth on an edge pixel,
        /// so only the shapes' interiors and placement are held to the references.
        static let openGL = Tolerance(levels: 64, share: 0.005)

        var text: String { self == .exact ? "bit for bit" : "at most \(String(format: "%g", share * 100)) % of pixels off by more than \(levels) levels" }
    }

    enum Mode { case compare, save }

    let mode: Mode
    let tolerance: Tolerance
    /// The reference file of a frame number.
    let reference: (Int) -> String
    private var drawnFrames = 0
    private var pixels: [UInt8] = []
    /// Frames found as their references hold them.
    private(set) var matched: [Int] = []
    /// What did not match, or could not be compared, a line each.
    private(set) var problems: [String] = []

    init(mode: Mode, tolerance: Tolerance, reference: @escaping (Int) -> String) {
        self.mode = mode
        self.tolerance = tolerance
        self.reference = reference
    }

    func drawn(by frontEnd: any FrontEnd, at now: Double) {
        let frame = drawnFrames
        drawnFrames += 1
        guard FrameValidation.frames.contains(frame) else { return }
        guard let size = frontEnd.readPixels(into: &pixels) else {
            problems.append("frame \(frame): the renderer gave no pixels to read")
            return
        }
        let path = reference(frame)
        switch mode {
        case .save:
            do { try PNGFile.write(pixels, width: size.width, height: size.height, to: path); matched.append(frame) } catch {
                problems.append("frame \(frame): \(error)")
            }
        case .compare:
            compare(frame, size: size, with: path)
        }
    }

    private func compare(_ frame: Int, size: (width: Int, height: Int), with path: String) {
        guard FileManager.default.fileExists(atPath: path) else {
            problems.append("frame \(frame): no reference \(quoted(path)) (the shipped references cover the default benchmarks "
                + "at 1280x720 and 3840x2160; scripts/make-bench-references.sh makes them)")
            return
        }
        let expected: (width: Int, height: Int, pixels: [UInt8])
        do { expected = try PNGFile.read(path) } catch {
            problems.append("frame \(frame): \(error)")
            return
        }
        guard expected.width == size.width, expected.height == size.height else {
            problems.append("frame \(frame): the frame is \(size.width)×\(size.height) pixels, the reference \(quoted(path)) \(expected.width)×\(expected.height)")
            return
        }
        let difference = FrameDifference(pixels, expected.pixels, width: size.width, levels: tolerance.levels)
        let allowed = Int((tolerance.share * Double(size.width * size.height)).rounded(.down))
        if difference.count <= allowed { matched.append(frame); return }
        let written = writeBeside(path, size: size)
        problems.append("frame \(frame): \(difference.count) pixel\(difference.count == 1 ? "" : "s") differ\(difference.count == 1 ? "s" : "") from \(quoted(path)), the largest difference "
            + "\(difference.largest) levels (first at x \(difference.first.x), y \(difference.first.y)); "
            + (written.map { "the frame is in \(quoted($0))" } ?? "the frame could not be written"))
    }

    /// Writes the frame as `<reference>.actual.png`, else into the working folder; where it went.
    private func writeBeside(_ path: String, size: (width: Int, height: Int)) -> String? {
        let name = (path as NSString).lastPathComponent.replacingOccurrences(of: ".png", with: ".actual.png")
        for candidate in [(path as NSString).deletingLastPathComponent + "/" + name, name] {
            if (try? PNGFile.write(pixels, width: size.width, height: size.height, to: candidate)) != nil { return candidate }
        }
        return nil
    }

    func finish() -> String? { nil }
    func discard() {}
}
