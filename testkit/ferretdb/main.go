// Command ferretdb runs FerretDB v1.24.0 through its embeddable package.
//
// The upstream command cannot be built with `go install ...@v1.24.0`: its
// version check panics when version.txt is absent from the module zip. That
// check only runs when the main module is FerretDB itself, so building the
// server from this separate module sidesteps it (buildInfo then reports
// ferretdbVersion "unknown", which the tests do not care about).
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	handler := flag.String("handler", "sqlite", "storage backend: sqlite or postgresql")
	listenAddr := flag.String("listen-addr", "127.0.0.1:27017", "TCP address to listen on; port 0 picks a free port")
	sqliteURL := flag.String("sqlite-url", "file:data/", "SQLite directory URI; the directory must exist and the URI end with /")
	postgresqlURL := flag.String("postgresql-url", "postgres://127.0.0.1:5432/ferretdb", "PostgreSQL URL; the database must exist")
	logLevel := flag.String("log-level", "warn", "debug, info, warn or error")
	flag.Parse()

	var level slog.Level
	if err := level.UnmarshalText([]byte(*logLevel)); err != nil {
		fmt.Fprintf(os.Stderr, "invalid -log-level %q: %v\n", *logLevel, err)
		os.Exit(2)
	}

	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))

	// New binds the TCP listener before returning, so the URI printed below
	// is connectable immediately and carries the real port even for port 0.
	server, err := ferretdb.New(&ferretdb.Config{
		Listener:      ferretdb.ListenerConfig{TCP: *listenAddr},
		Logger:        logger,
		Handler:       *handler,
		SQLiteURL:     *sqliteURL,
		PostgreSQLURL: *postgresqlURL,
	})
	if err != nil {
		fmt.Fprintf(os.Stderr, "cannot start FerretDB: %v\n", err)
		os.Exit(1)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	// Test harnesses wait for this exact line to learn the address.
	fmt.Printf("FerretDB v1.24.0 (embedded, handler=%s) ready at %s\n", *handler, server.MongoDBURI())

	// Run returns nil once ctx is cancelled, so a signal ends in exit code 0.
	if err := server.Run(ctx); err != nil {
		fmt.Fprintf(os.Stderr, "FerretDB stopped: %v\n", err)
		os.Exit(1)
	}
}
