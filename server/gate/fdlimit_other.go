//go:build !unix

package gate

// descriptorLimit is 0 where the process's limit of descriptors cannot be
// read: MaxConnsFor then takes its cap for an unknown limit.
func descriptorLimit() int { return 0 }
