import Foundation
import ElasticStats
#if canImport(Glibc)
import Glibc
#endif

/// What a path leads to, so two paths can be compared as files rather than as strings:
/// `./in.jsonl`, `dir/../in.jsonl`, a symlink to it and a hard link of it are all the same file.
///
/// The folder is resolved with realpath(3) and a final symlink is followed by hand (it may dangle:
/// opening it with O_CREAT would create its target, so the target is what counts). Where the
/// file exists, its device and inode decide; otherwise the resolved path does.
struct FileIdentity {
    enum Kind: Equatable {
        case missing, regular, directory, fifo, characterDevice, blockDevice, socket, other
    }

    /// The user's spelling, for messages.
    let path: String
    /// The absolute path open(2) would reach: real folder + name, symlinks followed.
    let resolvedPath: String
    let kind: Kind
    /// Device and inode of an existing file.
    let node: (device: UInt64, inode: UInt64)?
    /// Device number (major, minor) of a character or block device.
    let deviceNumber: (major: UInt32, minor: UInt32)?
    /// The file system is a kernel interface (/proc, /sys, …), not storage.
    let onKernelFileSystem: Bool

    /// Resolves `path`; throws a ValidationFailure saying why when the folder is missing or cannot
    /// be searched, the name is too long or the symlinks loop.
    static func resolve(_ path: String) throws -> FileIdentity {
        guard !path.isEmpty else { throw ValidationFailure("an empty path") }
        var current = path
        for _ in 0..<40 {
            if current.hasSuffix("/") {
                // "out/" names a folder whatever exists there.
                return try existing(path, resolved: realPath(current, for: path), trailingSlash: true)
            }
            let slash = current.lastIndex(of: "/")
            let folder = slash.map { $0 == current.startIndex ? "/" : String(current[..<$0]) } ?? "."
            let name = slash.map { String(current[current.index(after: $0)...]) } ?? current
            if name == "." || name == ".." { return try existing(path, resolved: realPath(current, for: path)) }
            let parent = try realPath(folder, for: path)
            var st = stat()
            guard stat(parent, &st) == 0, st.st_mode & S_IFMT == S_IFDIR else {
                throw ValidationFailure("\(quoted(path)): \(quoted(folder)) is not a folder")
            }
            let full = parent == "/" ? "/" + name : parent + "/" + name
            if lstat(full, &st) != 0 {
                if errno == ENOENT {
                    return FileIdentity(path: path, resolvedPath: full, kind: .missing, node: nil, deviceNumber: nil,
                                        onKernelFileSystem: isKernelFileSystem(parent))
                }
                throw ValidationFailure("\(quoted(path)): \(errnoText())")
            }
            guard st.st_mode & S_IFMT == S_IFLNK else { return try existing(path, resolved: full) }
            var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(full, &target, target.count - 1)
            guard n >= 0 else { throw ValidationFailure("\(quoted(path)): \(errnoText())") }
            let link = String(decoding: target[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : (parent == "/" ? "/" : parent + "/") + link
        }
        throw ValidationFailure("\(quoted(path)): too many levels of symbolic links")
    }

    private static func existing(_ path: String, resolved: String, trailingSlash: Bool = false) throws -> FileIdentity {
        var st = stat()
        guard stat(resolved, &st) == 0 else { throw ValidationFailure("\(quoted(path)): \(errnoText())") }
        let kind: Kind
        switch st.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFIFO: kind = .fifo
        case S_IFCHR: kind = .characterDevice
        case S_IFBLK: kind = .blockDevice
        case S_IFSOCK: kind = .socket
        default: kind = .other
        }
        if trailingSlash, kind != .directory { throw ValidationFailure("\(quoted(path)): Not a directory") }
        // glibc's dev_t layout (gnu_dev_major/minor are macros Swift does not import).
        let rdev = UInt64(st.st_rdev)
        let device = kind == .characterDevice || kind == .blockDevice
            ? (major: UInt32(truncatingIfNeeded: (rdev >> 8) & 0xfff | (rdev >> 32) & ~0xfff),
               minor: UInt32(truncatingIfNeeded: rdev & 0xff | (rdev >> 12) & ~0xff)) : nil
        return FileIdentity(path: path, resolvedPath: resolved, kind: kind,
                            node: (UInt64(st.st_dev), UInt64(st.st_ino)), deviceNumber: device,
                            onKernelFileSystem: isKernelFileSystem(resolved))
    }

    private static func realPath(_ path: String, for original: String) throws -> String {
        guard let p = realpath(path, nil) else {
            if errno == ENOENT { throw ValidationFailure("\(quoted(original)): the folder \(quoted(path)) does not exist") }
            throw ValidationFailure("\(quoted(original)): \(errnoText())")
        }
        defer { free(p) }
        return String(cString: p)
    }

    /// True when both name the same file: the same inode, or (not yet existing) the same place.
    func isSameFile(as other: FileIdentity) -> Bool {
        if let a = node, let b = other.node { return a.device == b.device && a.inode == b.inode }
        return resolvedPath == other.resolvedPath
    }

    /// The running binary: writing over it would break the next run (and open(2) refuses while it runs).
    static var executable: FileIdentity? {
        var st = stat()
        guard stat("/proc/self/exe", &st) == 0 else { return nil }
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? "/proc/self/exe"
        return FileIdentity(path: target, resolvedPath: target, kind: .regular, node: (UInt64(st.st_dev), UInt64(st.st_ino)),
                            deviceNumber: nil, onKernelFileSystem: false)
    }

    /// /proc, /sys and their kin: their "files" are kernel switches (a trace written to
    /// /proc/sysrq-trigger would trigger SysRq actions), never a place for a run's output.
    private static func isKernelFileSystem(_ path: String) -> Bool {
        // struct statfs begins with f_type (a long); the buffer is larger than the whole struct.
        var buffer = [Int](repeating: 0, count: 64)
        guard c_statfs(path, &buffer) == 0 else { return false }
        let kernel: Set<Int64> = [
            0x9fa0, // proc
            0x6265_6572, // sysfs
            0x6462_6720, // debugfs
            0x7472_6163, // tracefs
            0x7363_6673, // securityfs
            0x0027_e0eb, // cgroup
            0x6367_7270, // cgroup2
            0x6265_6570, // configfs
            0xcafe_4a11, // bpf
            0xde5e_81e4, // efivarfs
        ]
        return kernel.contains(Int64(buffer[0]))
    }
}

/// statfs(2), which the Glibc module does not import (sys/vfs.h).
@_silgen_name("statfs")
private func c_statfs(_ path: UnsafePointer<CChar>, _ buffer: UnsafeMutablePointer<Int>) -> Int32


/// A path as messages show it: quoted only when it holds characters that would garble the message
/// (newlines, other control characters, leading or trailing spaces).
func quoted(_ path: String) -> String {
    let plain = !path.isEmpty && !path.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7f }
        && path.first != " " && path.last != " "
    if plain { return path }
    var s = "\""
    for u in path.unicodeScalars {
        switch u {
        case "\n": s += "\\n"
        case "\t": s += "\\t"
        case "\"": s += "\\\""
        case "\\": s += "\\\\"
        default: s += u.value < 0x20 || u.value == 0x7f ? "\\u{\(String(u.value, radix: 16))}" : String(u)
        }
    }
    return s + "\""
}
