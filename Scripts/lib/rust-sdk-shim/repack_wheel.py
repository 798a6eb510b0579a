"""Pack an unpacked, patched wheel again under another tag, so that pip installs it here.

    repack_wheel.py DIR TAG OUT_DIR    -> prints the path of OUT_DIR/NAME-VERSION-TAG.whl

DIR holds the wheel's files with one NAME-VERSION.dist-info folder. Its WHEEL file gets TAG
(e.g. cp311-cp311-linux_x86_64) as its only tag and its RECORD the hash and size of every file
as they are now. Stored, not compressed: the wheel lives only until pip has installed it.
Standard library only.
"""

import argparse
import base64
import hashlib
import sys
import zipfile
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dir", type=Path)
    parser.add_argument("tag")
    parser.add_argument("out_dir", type=Path)
    args = parser.parse_args()

    dist_infos = list(args.dir.glob("*.dist-info"))
    if len(dist_infos) != 1:
        sys.exit(f"repack_wheel: {args.dir} has {len(dist_infos)} .dist-info folders, not one")
    dist_info = dist_infos[0]
    name_version = dist_info.name.removesuffix(".dist-info")

    wheel = dist_info / "WHEEL"
    lines = [line for line in wheel.read_text().splitlines() if line and not line.startswith("Tag:")]
    wheel.write_text("\n".join(lines + [f"Tag: {args.tag}"]) + "\n")

    record = dist_info / "RECORD"
    # The .dist-info files last, as pip writes them.
    files = sorted((path for path in args.dir.rglob("*") if path.is_file() and path != record),
                   key=lambda path: (path.parent == dist_info, path.relative_to(args.dir).as_posix()))
    rows = []
    for path in files:
        content = path.read_bytes()
        digest = base64.urlsafe_b64encode(hashlib.sha256(content).digest()).rstrip(b"=").decode()
        rows.append(f"{path.relative_to(args.dir).as_posix()},sha256={digest},{len(content)}")
    rows.append(f"{record.relative_to(args.dir).as_posix()},,")
    record.write_text("\n".join(rows) + "\n")

    args.out_dir.mkdir(parents=True, exist_ok=True)
    target = args.out_dir / f"{name_version}-{args.tag}.whl"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as archive:
        for path in files + [record]:
            archive.write(path, path.relative_to(args.dir).as_posix())
    print(target)


if __name__ == "__main__":
    main()
