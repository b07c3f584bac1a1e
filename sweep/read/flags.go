package read

import "github.com/kneetool/knee/sweep/read/table"

// The --unit and --column flags are Meta's, and Meta is the table reader's:
// the commands parse them here, through the package they import.

// UnitNames lists the units --unit accepts, for help.
func UnitNames() []string { return table.UnitNames() }

// ParseUnitFlags reads --unit COLUMN=UNIT values into Meta.Units.
func ParseUnitFlags(vals []string) (map[string]string, error) { return table.ParseUnitFlags(vals) }

// ParseColumnFlags reads --column KIND=HEADER values into Meta.Columns.
func ParseColumnFlags(vals []string) (map[string]string, error) { return table.ParseColumnFlags(vals) }
