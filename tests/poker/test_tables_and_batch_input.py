"""The lookup tables' cache, and the batch API's handling of bad input."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from croupier.poker import tables as tables_module
from croupier.poker.batch import best_batch, rank3_batch, rank5_batch
from croupier.poker.tables import LAYOUT, build_tables, cache_dir, load_tables


def test_tables_are_built_when_missing_and_then_read_from_disk(tmp_path: Path) -> None:
    path = tmp_path / f"{LAYOUT}.npz"
    first = load_tables(tmp_path)
    assert path.exists()
    stamp = path.stat().st_mtime_ns
    second = load_tables(tmp_path)
    assert path.stat().st_mtime_ns == stamp  # read, not rebuilt
    assert np.array_equal(first.unsuited, second.unsuited)
    assert np.array_equal(first.flush, second.flush)


@pytest.fixture(scope="module")
def good_file(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    directory = tmp_path_factory.mktemp("tables")
    load_tables(directory)
    return (directory / f"{LAYOUT}.npz").read_bytes()


@pytest.mark.parametrize("damage", ["garbage", "truncate", "flip"])
def test_corrupt_cache_is_rebuilt(tmp_path: Path, damage: str, good_file: bytes) -> None:
    good = tables_module.tables()
    path = tmp_path / f"{LAYOUT}.npz"
    raw = bytearray(good_file)
    if damage == "garbage":
        raw = bytearray(b"not a table" * 10)
    elif damage == "truncate":
        raw = raw[: len(raw) // 2]
    else:  # one bit inside the stored unsuited table: caught by the digest
        offset = raw.index(b"unsuited.npy") + 400
        raw[offset] ^= 1
    path.write_bytes(bytes(raw))
    again = load_tables(tmp_path)
    assert np.array_equal(again.unsuited, good.unsuited)
    assert np.array_equal(again.flush, good.flush)
    assert load_tables(tmp_path) is not None  # and the file is good again


def test_unwritable_cache_dir_still_gives_tables(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache directory should be")
    assert load_tables(blocker / "croupier").unsuited.size == 73_775


def test_cache_dir_follows_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CROUPIER_CACHE_DIR", "/tmp/x-croupier")
    assert cache_dir() == Path("/tmp/x-croupier")
    monkeypatch.delenv("CROUPIER_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", "/tmp/xdg")
    assert cache_dir() == Path("/tmp/xdg/croupier")


def test_count_hash_is_a_perfect_hash() -> None:
    t = build_tables()
    assert len(np.unique(t.keys)) == t.keys.size == t.unsuited.size  # every slot once
    assert int(t.unsuited.min()) > 0  # every slot filled
    total_bytes = sum(a.nbytes for a in (t.flush, t.unsuited, t.keys, t.step, t.base))
    assert total_bytes < 1_000_000  # far under the 64 MB budget
    assert tables_module.tables().flush.flags.writeable is False


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: best_batch(np.zeros((2, 4), dtype=np.uint8)), r"shape \(hands, 5 or 6 or 7\)"),
        (lambda: best_batch(np.arange(7)), r"shape \(hands, 5 or 6 or 7\), got \(7,\)"),
        (lambda: rank5_batch(np.zeros((1, 7), dtype=np.uint8)), r"\(hands, 5\)"),
        (lambda: rank3_batch(np.zeros((1, 5), dtype=np.uint8)), r"\(hands, 3\)"),
        (lambda: best_batch(np.array([[0, 1, 2, 3, 4], [0, 1, 2, 3, 52]])), "hand 1, card 4: 52"),
        (lambda: best_batch(np.array([[0, 1, 2, 3, -4]])), "hand 0, card 4: -4"),
        (lambda: best_batch(np.array([[0, 1, 2, 3, 200]], dtype=np.uint8)), "card 4: 200"),
        (lambda: best_batch(np.array([[0.0, 1, 2, 3, 4]])), "integer card codes"),
        (lambda: best_batch(np.array([[0, 1, 2, 3, 4], [5, 6, 7, 5, 9]])), r"hand 1 \(3d"),
        (lambda: rank3_batch(np.array([[7, 8, 7]])), "hand 0 .*appears twice"),
    ],
)
def test_bad_batches_are_refused_naming_the_hand(call: object, message: str) -> None:
    assert callable(call)
    with pytest.raises(ValueError, match=message):
        call()


def test_empty_batches_give_empty_results() -> None:
    assert best_batch(np.zeros((0, 7), dtype=np.uint8)).shape == (0,)
    assert rank3_batch(np.zeros((0, 3), dtype=np.int64)).shape == (0,)


def test_batch_takes_any_integer_dtype_and_layout() -> None:
    hands = np.array([[51, 47, 43, 39, 35], [0, 4, 8, 12, 16]])
    expected = best_batch(hands.astype(np.uint8)).tolist()
    for dtype in (np.int8, np.int16, np.int32, np.int64, np.uint16):
        assert best_batch(hands.astype(dtype)).tolist() == expected
    assert best_batch(np.asfortranarray(hands)).tolist() == expected
    assert best_batch(hands.tolist()).tolist() == expected
