package main

import (
	"net/url"
	"os"
	"strings"

	"github.com/spf13/pflag"

	"github.com/kneetool/knee/internal/drivers/harness/builtin"
	"github.com/kneetool/knee/internal/inputerr"
	"github.com/kneetool/knee/sweep"
)

// credentials are what a sweep authenticates with. They live only in
// memory: the plan keeps the endpoint redacted (http://user:xxxxx@host) and
// --api-key-env's name, never a value, so nothing knee prints or stores can
// leak them.
type credentials struct {
	apiKey string
	user   *url.Userinfo
}

// defaultAPIKeyEnv is read when --api-key-env is not given: the variable
// every OpenAI client reads.
const defaultAPIKeyEnv = "OPENAI_API_KEY"

// credentials takes the userinfo out of p.Endpoint (leaving it redacted)
// and reads the API key from the environment.
//
// On --resume the stored endpoint is redacted: a sweep whose endpoint had
// credentials is refused unless --endpoint is given again with them (knee
// stores no secret to resume with). The Python harnesses echo their whole
// configuration — URL and key included — into the report knee keeps, so
// they are refused any credential (exit 2) rather than have it stored.
func (o *sweepOptions) credentials(fl *pflag.FlagSet, p *sweep.Plan) (credentials, error) {
	var c credentials
	if o.Resume != "" && !fl.Changed("endpoint") && hasRedactedUser(p.Endpoint) {
		return c, inputerr.Errorf(o.Resume+"/plan.json", "endpoint", 0,
			"the sweep's endpoint %s had credentials, which knee does not store: resume with --endpoint and the credentials again (or an API key through --api-key-env)", p.Endpoint)
	}
	var err error
	if c.user, err = takeUserinfo(p); err != nil {
		return c, err
	}
	explicit := fl.Changed("api-key-env") || o.APIKeyEnv != ""
	if c.apiKey, err = o.readAPIKey(explicit, c.user != nil); err != nil {
		return c, err
	}
	if err := harnessTakes(p.Harness, explicit, c.user != nil); err != nil {
		return c, err
	}
	if p.Harness != builtin.Name {
		c.apiKey = "" // OPENAI_API_KEY by default: for the builtin harness only
	}
	return c, nil
}

// takeUserinfo takes the credentials out of p.Endpoint, leaving it
// redacted; nil when it has none.
func takeUserinfo(p *sweep.Plan) (*url.Userinfo, error) {
	if !sweep.HasCredentials(p.Endpoint) {
		return nil, nil
	}
	u, err := url.Parse(strings.TrimSpace(p.Endpoint))
	if err != nil {
		// url.Parse's error quotes the whole URL, password included.
		return nil, inputerr.Errorf("flag", "--endpoint", 0, "%q does not parse as a URL (what it carries before the @ is not shown)", sweep.RedactURL(p.Endpoint))
	}
	p.Endpoint = sweep.RedactURL(p.Endpoint)
	return u.User, nil
}

// readAPIKey reads the API key from --api-key-env's variable, or from
// OPENAI_API_KEY when neither that flag nor a userinfo is given; a variable
// named explicitly must be set.
func (o *sweepOptions) readAPIKey(explicit, hasUser bool) (string, error) {
	name := o.APIKeyEnv
	if name == "" && !hasUser && os.Getenv(defaultAPIKeyEnv) != "" {
		name = defaultAPIKeyEnv
	}
	if name == "" {
		return "", nil
	}
	key := os.Getenv(name)
	if explicit && key == "" {
		return "", inputerr.Errorf("flag", "--api-key-env", 0, "%s is not set or empty in the environment", inputerr.QuoteName(name))
	}
	return key, nil
}

// harnessTakes refuses two ways of giving credentials at once, and any
// credential for a harness that would store it in its report.
func harnessTakes(harness string, explicitKey, hasUser bool) error {
	switch {
	case explicitKey && hasUser:
		return usagef("give credentials in --endpoint's userinfo or through --api-key-env, not both")
	case harness != builtin.Name && hasUser:
		return inputerr.Errorf("flag", "--endpoint", 0, "%s echoes its configuration, URL included, into the report knee keeps: knee does not pass it credentials in the URL (use --harness builtin, which sends them as a header)", harness)
	case harness != builtin.Name && explicitKey:
		return inputerr.Errorf("flag", "--api-key-env", 0, "%s echoes its configuration, API key included, into the report knee keeps: knee does not pass it an API key (use --harness builtin)", harness)
	}
	return nil
}

// hasRedactedUser reports an endpoint stored with its credentials redacted.
func hasRedactedUser(endpoint string) bool {
	u, err := url.Parse(endpoint)
	return err == nil && u.User != nil
}
