//! Lines on a board as masks of cells, and the cell permutations that keep them.

/// Lowest first.
pub fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(i)
    })
}

/// Every run of `k` cells in a line on a `size` x `size` board (cell `row * size + col`):
/// rows first, then columns, then diagonals down-right, then down-left.
pub fn square(size: u8, k: u8) -> Vec<u64> {
    let (n, k) = (i32::from(size), i32::from(k));
    // (Row step, column step).
    let directions = [(0, 1), (1, 0), (1, 1), (1, -1)];
    let mut lines = Vec::new();
    for (dr, dc) in directions {
        for r in 0..n {
            for c in 0..n {
                let (end_r, end_c) = (r + dr * (k - 1), c + dc * (k - 1));
                if !(0..n).contains(&end_r) || !(0..n).contains(&end_c) {
                    continue;
                }
                lines.push((0..k).fold(0u64, |m, i| m | 1 << ((r + dr * i) * n + c + dc * i)));
            }
        }
    }
    lines
}

/// The permutations of cells that map the set of `lines` onto itself (`perm[c]` is where
/// cell `c` goes), in lexicographic order: found by search rather than assumed, as a game
/// of lines knows nothing of its board's picture.
pub fn automorphisms(lines: &[u64], cells: usize) -> Vec<Vec<u8>> {
    // shared[a][b]: how many lines hold both a and b (a == b: how many hold a). A permutation
    // that keeps the lines keeps these counts, which prunes the search at once.
    let shared: Vec<Vec<u32>> = (0..cells)
        .map(|a| {
            (0..cells)
                .map(|b| lines.iter().filter(|&&l| l >> a & l >> b & 1 == 1).count() as u32)
                .collect()
        })
        .collect();
    let mut found = Vec::new();
    extend(&shared, &mut Vec::with_capacity(cells), &mut found);
    found.retain(|perm| lines.iter().all(|&l| lines.contains(&apply(perm, l))));
    found
}

/// Depth-first over the images of cells 0, 1, ...: each new image must agree with the
/// images already chosen on how many lines each pair shares.
fn extend(shared: &[Vec<u32>], perm: &mut Vec<u8>, found: &mut Vec<Vec<u8>>) {
    let a = perm.len();
    if a == shared.len() {
        found.push(perm.clone());
        return;
    }
    for image in 0..shared.len() {
        let fits = !perm.contains(&(image as u8))
            && shared[a][a] == shared[image][image]
            && perm
                .iter()
                .enumerate()
                .all(|(b, &pb)| shared[a][b] == shared[image][pb as usize]);
        if fits {
            perm.push(image as u8);
            extend(shared, perm, found);
            perm.pop();
        }
    }
}

pub fn apply(perm: &[u8], mask: u64) -> u64 {
    perm.iter()
        .enumerate()
        .filter(|&(c, _)| mask >> c & 1 == 1)
        .fold(0, |image, (_, &to)| image | 1 << to)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_of_three_on_three_by_three_has_the_square_s_eight_symmetries() {
        let lines = square(3, 3);
        assert_eq!(lines, [0o7, 0o70, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124]);
        let perms = automorphisms(&lines, 9);
        assert_eq!(perms.len(), 8);
        assert_eq!(perms[0], (0..9).collect::<Vec<u8>>(), "the identity first");
        // The quarter turn (r, c) -> (c, 2 - r) is among them.
        let turn: Vec<u8> = (0..9).map(|c| (c % 3) * 3 + 2 - c / 3).collect();
        assert!(perms.contains(&turn));
        assert_eq!(
            apply(&turn, 0o7),
            0o444,
            "the top row turns to the right column"
        );
    }
}
