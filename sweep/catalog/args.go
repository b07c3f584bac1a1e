package catalog

// ArgsOver are the leaf's knee sweep flags over the common ones (those
// given beside --catalog, "--name=value" each): the common flags the leaf
// does not set itself, then the leaf's own, then --leaf.
func (l Leaf) ArgsOver(common []string) []string {
	own := l.Args()
	set := map[string]bool{}
	for _, a := range own {
		set[FlagName(a)] = true
	}
	// --per-gpu, --ladder and --search together make the ladder: a leaf
	// giving one of them replaces all three of the command line's.
	if set["per-gpu"] || set["ladder"] || set["search"] {
		set["per-gpu"], set["ladder"], set["search"] = true, true, true
	}
	if set["endpoint"] || set["service"] {
		set["endpoint"], set["service"] = true, true
	}
	var a []string
	for _, c := range common {
		if !set[FlagName(c)] {
			a = append(a, c)
		}
	}
	return append(append(a, own...), "--leaf="+l.Name)
}
