import Foundation
import TestSupport

/// Programs that leave a server running behind them (tmux, a private Synapse) start through a
/// small Perl program that gives them a clean start: every descriptor above 2 closed (the server
/// would otherwise hold this process's pipes, and the socket by which Foundation learns that a
/// child ended, for its whole life), and no signal blocked or ignored (a test thread's blocked
/// SIGCHLD and SIGTERM would leave the server unable to reap its children or to stop).
enum CleanStart {
    private static let program = """
        use POSIX;
        sigprocmask(SIG_SETMASK, POSIX::SigSet->new);
        $SIG{$_} = 'DEFAULT' for qw(CHLD TERM HUP INT QUIT PIPE TSTP WINCH);
        opendir(my $fds, '/proc/self/fd'); my @open = grep { /^\\d+$/ && $_ > 2 } readdir($fds); closedir($fds);
        POSIX::close($_) for @open;
        exec { $ARGV[0] } @ARGV or die "exec: $!";
        """

    /// A process that runs `arguments` (the program's path first) after the clean start.
    static func process(_ arguments: [String]) -> ChildProcess {
        let process = ChildProcess()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/perl")
        process.arguments = ["-e", program] + arguments
        return process
    }
}
