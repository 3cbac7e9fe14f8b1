//go:build !unix

package gate

// descriptorLimit is 0 where the process's limit of descriptors cannot be
// read: DefaultMaxConns then sets the ceiling.
func descriptorLimit() int { return 0 }
