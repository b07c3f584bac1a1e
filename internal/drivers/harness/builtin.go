package harness

import (
	"github.com/kneetool/knee/internal/drivers/harness/builtin"
	"github.com/kneetool/knee/sweep"
)

// builtinHarness is knee's own Go client: in process, on the local runner only.
var builtinHarness = Harness{
	Name: builtin.Name,
	InProcess: func(s Settings) sweep.Executor {
		return builtin.New(builtin.Options{Progress: s.Progress, Timeout: s.Timeout, Seed: s.Seed, JSONL: s.JSONL, APIKey: s.APIKey, User: s.User})
	},
	Check: func(p sweep.Plan, _ Settings) error {
		_, err := builtin.EndpointURL(p.Endpoint, p.API)
		return err
	},
}
