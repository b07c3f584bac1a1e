package main

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// tmpfs mounts a small tmpfs at dir; it needs root (CAP_SYS_ADMIN). The
// error says why a disk scenario is skipped.
func tmpfs(dir string, size int) (func(), error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, fmt.Sprintf("size=%d", size)); err != nil {
		return nil, fmt.Errorf("mount -t tmpfs on %s: %w (needs root)", dir, err)
	}
	return func() { _ = syscall.Unmount(dir, syscall.MNT_DETACH) }, nil
}

// diskFull: the results folder on a tmpfs that fills up after `free`
// bytes; knee must end with a documented code, and once space is back,
// --resume must complete the sweep with every finished level intact.
func (e *engine) diskFull(free []int) ([]outcome, error) {
	s, err := e.startSim("")
	if err != nil {
		return nil, err
	}
	defer s.kill()
	var outs []outcome
	for i, f := range free {
		mnt := filepath.Join(e.work, fmt.Sprintf("diskfull-%d", i))
		const size = 1 << 20
		umount, err := tmpfs(mnt, size)
		if err != nil {
			return nil, err
		}
		// A filler file takes all but f bytes (tmpfs counts whole pages).
		filler := filepath.Join(mnt, "filler")
		if err := os.WriteFile(filler, make([]byte, size-f), 0o600); err != nil {
			umount()
			return nil, err
		}
		dir := filepath.Join(mnt, "run")
		code, stderr := e.runKnee(2*time.Minute, e.sweepArgs(s, dir)...)
		before := finished(dir)
		if err := os.Remove(filler); err != nil {
			umount()
			return nil, err
		}
		var o outcome
		if _, err := os.Stat(dir); err != nil && code != 0 {
			// The disk was full before anything was stored: the folder must
			// not exist (a fresh --out works once there is space).
			o.survived = documented[code]
			o.note = "full before the folder was made; nothing left behind"
		} else {
			o = e.judge(dir, code, false, before)
		}
		e.log("disk full with %d KiB free: exit %d (%s), %d level(s) kept, survived %v %s", f>>10, code, tail(stderr, 2), len(before), o.survived, o.note)
		outs = append(outs, o)
		umount()
	}
	return outs, nil
}

// readOnly: the results folder turns read-only after two levels (its
// directories lose their write bits; as root the campaign runs knee as
// nobody, for whom that holds); knee must stop with a documented code,
// and --resume completes once it is writable again.
func (e *engine) readOnly() (outcome, error) {
	s, err := e.startSim("")
	if err != nil {
		return outcome{}, err
	}
	defer s.kill()
	parent := filepath.Join(e.work, "readonly")
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return outcome{}, err
	}
	ro := *e
	if os.Geteuid() == 0 {
		// nobody must reach the knee binary and own the folder.
		if err := os.Chmod(e.work, 0o755); err != nil {
			return outcome{}, err
		}
		if err := os.Chown(parent, 65534, 65534); err != nil {
			return outcome{}, err
		}
		ro.as = &syscall.Credential{Uid: 65534, Gid: 65534}
	}
	dir := filepath.Join(parent, "run")
	chmodDirs := func(mode os.FileMode) func() error {
		return func() error {
			return filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
				if err != nil || !d.IsDir() {
					return err
				}
				return os.Chmod(p, mode)
			})
		}
	}
	return ro.midLevel("read-only folder", s, dir, chmodDirs(0o555), chmodDirs(0o755))
}
