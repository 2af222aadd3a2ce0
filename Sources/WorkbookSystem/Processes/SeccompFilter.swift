import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls learner code is refused inside the sandbox, as a classic BPF program
/// for bubblewrap's `--seccomp FD` (which sets no_new_privs and loads it just before the
/// program starts). Table-driven, written here rather than with libseccomp: ~50 numbers
/// per architecture and five kinds of instruction need no C library.
///
/// Refused with EPERM: everything that changes mounts or namespaces (the way out of the
/// sandbox when capabilities are left), that reads or writes another process's memory,
/// that reaches the kernel's keyring, BPF, perf, modules, swap, reboot or clock, and
/// `open_by_handle_at` (the "shocker" escape from bind mounts), `userfaultfd` and io_uring
/// (which run system calls this filter never sees). A system call of a foreign ABI
/// (i386 or x32 on x86_64) kills the process: its numbers are other numbers.
package enum SeccompFilter {
    /// One refused call: its name and its number on each architecture we know.
    struct Call {
        let name: String
        let x86_64: UInt32?
        let aarch64: UInt32?
    }

    /// Numbers from `<asm/unistd_64.h>` (x86_64) and `<asm-generic/unistd.h>` (aarch64),
    /// Debian 12's kernel headers.
    static let refused: [Call] = [
        Call(name: "mount", x86_64: 165, aarch64: 40), Call(name: "umount2", x86_64: 166, aarch64: 39),
        Call(name: "pivot_root", x86_64: 155, aarch64: 41), Call(name: "chroot", x86_64: 161, aarch64: 51),
        Call(name: "fsopen", x86_64: 430, aarch64: 430), Call(name: "fsconfig", x86_64: 431, aarch64: 431),
        Call(name: "fsmount", x86_64: 432, aarch64: 432), Call(name: "fspick", x86_64: 433, aarch64: 433),
        Call(name: "move_mount", x86_64: 429, aarch64: 429), Call(name: "open_tree", x86_64: 428, aarch64: 428),
        Call(name: "mount_setattr", x86_64: 442, aarch64: 442),
        Call(name: "unshare", x86_64: 272, aarch64: 97), Call(name: "setns", x86_64: 308, aarch64: 268),
        Call(name: "ptrace", x86_64: 101, aarch64: 117), Call(name: "process_vm_readv", x86_64: 310, aarch64: 270),
        Call(name: "process_vm_writev", x86_64: 311, aarch64: 271), Call(name: "kcmp", x86_64: 312, aarch64: 272),
        Call(name: "pidfd_getfd", x86_64: 438, aarch64: 438),
        Call(name: "keyctl", x86_64: 250, aarch64: 219), Call(name: "add_key", x86_64: 248, aarch64: 217),
        Call(name: "request_key", x86_64: 249, aarch64: 218), Call(name: "bpf", x86_64: 321, aarch64: 280),
        Call(name: "perf_event_open", x86_64: 298, aarch64: 241), Call(name: "userfaultfd", x86_64: 323, aarch64: 282),
        Call(name: "io_uring_setup", x86_64: 425, aarch64: 425), Call(name: "io_uring_enter", x86_64: 426, aarch64: 426),
        Call(name: "io_uring_register", x86_64: 427, aarch64: 427),
        Call(name: "kexec_load", x86_64: 246, aarch64: 104), Call(name: "kexec_file_load", x86_64: 320, aarch64: 294),
        Call(name: "init_module", x86_64: 175, aarch64: 105), Call(name: "finit_module", x86_64: 313, aarch64: 273),
        Call(name: "delete_module", x86_64: 176, aarch64: 106), Call(name: "swapon", x86_64: 167, aarch64: 224),
        Call(name: "swapoff", x86_64: 168, aarch64: 225), Call(name: "reboot", x86_64: 169, aarch64: 142),
        Call(name: "open_by_handle_at", x86_64: 304, aarch64: 265), Call(name: "name_to_handle_at", x86_64: 303, aarch64: 264),
        Call(name: "acct", x86_64: 163, aarch64: 89), Call(name: "quotactl", x86_64: 179, aarch64: 60),
        Call(name: "settimeofday", x86_64: 164, aarch64: 170), Call(name: "clock_settime", x86_64: 227, aarch64: 112),
        Call(name: "adjtimex", x86_64: 159, aarch64: 171), Call(name: "clock_adjtime", x86_64: 305, aarch64: 266),
        Call(name: "sethostname", x86_64: 170, aarch64: 161), Call(name: "setdomainname", x86_64: 171, aarch64: 162),
        Call(name: "syslog", x86_64: 103, aarch64: 116), Call(name: "vhangup", x86_64: 153, aarch64: 58),
        Call(name: "lookup_dcookie", x86_64: 212, aarch64: 18),
        // x86_64 only: port I/O, and calls older kernels had.
        Call(name: "iopl", x86_64: 172, aarch64: nil), Call(name: "ioperm", x86_64: 173, aarch64: nil),
        Call(name: "_sysctl", x86_64: 156, aarch64: nil), Call(name: "uselib", x86_64: 134, aarch64: nil),
        Call(name: "create_module", x86_64: 174, aarch64: nil), Call(name: "get_kernel_syms", x86_64: 177, aarch64: nil),
        Call(name: "query_module", x86_64: 178, aarch64: nil), Call(name: "nfsservctl", x86_64: 180, aarch64: nil),
    ]

    enum Architecture {
        case x86_64, aarch64

        /// `AUDIT_ARCH_*`, which the kernel puts in `seccomp_data.arch`.
        var auditValue: UInt32 { self == .x86_64 ? 0xC000_003E : 0xC000_00B7 }

        static var current: Architecture? {
            #if arch(x86_64)
            return .x86_64
            #elseif arch(arm64)
            return .aarch64
            #else
            return nil
            #endif
        }
    }

    /// The refused calls' numbers on `architecture`.
    static func numbers(_ architecture: Architecture) -> [UInt32] {
        refused.compactMap { architecture == .x86_64 ? $0.x86_64 : $0.aarch64 }
    }

    /// The program as bytes (`struct sock_filter` after `struct sock_filter`, native byte
    /// order), or nil on an architecture whose numbers we do not have.
    public static var program: [UInt8]? {
        Architecture.current.map { program(for: $0) }
    }

    // Classic BPF, as <linux/filter.h> and <linux/seccomp.h> spell it.
    static let loadWord: UInt16 = 0x20  // BPF_LD | BPF_W | BPF_ABS
    static let jumpIfEqual: UInt16 = 0x15  // BPF_JMP | BPF_JEQ | BPF_K
    static let jumpIfAtLeast: UInt16 = 0x35  // BPF_JMP | BPF_JGE | BPF_K
    static let returnValue: UInt16 = 0x06  // BPF_RET | BPF_K
    static let allow: UInt32 = 0x7fff_0000  // SECCOMP_RET_ALLOW
    static let refuse: UInt32 = 0x0005_0000 | UInt32(EPERM)  // SECCOMP_RET_ERRNO | EPERM
    static let killProcess: UInt32 = 0x8000_0000  // SECCOMP_RET_KILL_PROCESS

    struct Instruction: Equatable {
        var code: UInt16
        var jumpTrue: UInt8 = 0
        var jumpFalse: UInt8 = 0
        var k: UInt32
    }

    /// arch check; number load; (x86_64) x32 numbers refused; one compare per refused
    /// number jumping to the refusal; allow; refuse.
    static func instructions(for architecture: Architecture) -> [Instruction] {
        let refusedNumbers = numbers(architecture)
        var program: [Instruction] = [
            Instruction(code: loadWord, k: 4),  // seccomp_data.arch
            Instruction(code: jumpIfEqual, jumpTrue: 1, jumpFalse: 0, k: architecture.auditValue),
            Instruction(code: returnValue, k: killProcess),
            Instruction(code: loadWord, k: 0),  // seccomp_data.nr
        ]
        if architecture == .x86_64 {
            // __X32_SYSCALL_BIT: the x32 ABI's numbers; nothing of ours uses it.
            program.append(Instruction(code: jumpIfAtLeast, jumpTrue: UInt8(refusedNumbers.count + 1), jumpFalse: 0, k: 0x4000_0000))
        }
        for (index, number) in refusedNumbers.enumerated() {
            // Forward to the refusal, which follows the compares and the allow.
            let distance = refusedNumbers.count - index
            program.append(Instruction(code: jumpIfEqual, jumpTrue: UInt8(distance), jumpFalse: 0, k: number))
        }
        program.append(Instruction(code: returnValue, k: allow))
        program.append(Instruction(code: returnValue, k: refuse))
        return program
    }

    static func program(for architecture: Architecture) -> [UInt8] {
        var bytes: [UInt8] = []
        for instruction in instructions(for: architecture) {
            withUnsafeBytes(of: instruction.code.littleEndian) { bytes += $0 }
            bytes += [instruction.jumpTrue, instruction.jumpFalse]
            withUnsafeBytes(of: instruction.k.littleEndian) { bytes += $0 }
        }
        return bytes
    }
}
