package server

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestSecondServerRefused (issue 22, 6): a second server on a data folder
// that a running server holds does not start, and says which process
// holds it; once the first has shut down, the folder is free again.
func TestSecondServerRefused(t *testing.T) {
	dir := t.TempDir()
	first, err := New(Config{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	second, err := New(Config{Dir: dir})
	if err == nil {
		second.Shutdown(context.Background())
		t.Fatal("a second server started on the same data folder")
	}
	if !errors.Is(err, ErrDataInUse) || !strings.Contains(err.Error(), fmt.Sprintf("process %d", os.Getpid())) {
		t.Fatalf("second server: %v", err)
	}
	if err := first.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	third, err := New(Config{Dir: dir})
	if err != nil {
		t.Fatalf("after the first shut down: %v", err)
	}
	third.Shutdown(context.Background())
}
