package table

// Goodput (vLLM's and SGLang's --goodput, DistServe's term) is the rate of
// the requests that met an SLO: a part of those served, falling to nothing
// past the knee while the node still serves them all. It is neither the
// served request rate (Little's law needs every request in flight, met
// SLO or not) nor the offered one, nor the node's output tok/s.

// whyGoodput is the unread note for a goodput column.
const whyGoodput = "SLO goodput: the rate of the requests that met an SLO, a part of those served"

// isGoodput: a request or token rate whose words say goodput.
func isGoodput(c column, w wordset) bool {
	switch c.kind {
	case colRequestRate, colRequestedRate, colThroughput, colThroughputPerGPU:
		return w.has("goodput")
	}
	return false
}
