// pulumi-language-nodejs as make pulumi installs it: the Node.js language
// host of github.com/pulumi/pulumi/sdk/v3 v3.68.0 (the newest the Go module
// proxy serves; it runs programs with CLI 3.259), started beside this
// program as pulumi-language-nodejs-v3.68.0, behind a proxy that forwards
// every call to it unchanged but two that host does not implement, which this
// program serves as the standalone host does: GenerateProgram, with Pulumi's
// Node.js program codegen (pkg/v3 codegen/nodejs, at the CLI's version), the
// code `pulumi import` writes into a TypeScript project; and RunPlugin for a
// policy pack given as a folder (runplugin.go).
package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/pulumi/pulumi/pkg/v3/codegen/hcl2/syntax"
	"github.com/pulumi/pulumi/pkg/v3/codegen/nodejs"
	"github.com/pulumi/pulumi/pkg/v3/codegen/pcl"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
	"github.com/pulumi/pulumi/sdk/v3/go/common/resource/plugin"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/metadata"
	"google.golang.org/protobuf/proto"
)

// The host this program fronts, beside it.
const wrapped = "pulumi-language-nodejs-v3.68.0"

const generateProgram = "/pulumirpc.LanguageRuntime/GenerateProgram"

// Pulumi's own limit for messages between the engine and its plugins.
const maxMessage = 400 * 1024 * 1024

// frame is a message as bytes: the proxy forwards without decoding.
type frame struct{ data []byte }

type rawCodec struct{}

func (rawCodec) Marshal(v any) ([]byte, error) { return v.(*frame).data, nil }
func (rawCodec) Unmarshal(data []byte, v any) error {
	v.(*frame).data = append([]byte(nil), data...)
	return nil
}
func (rawCodec) Name() string { return "proto" }

type proxy struct{ upstream *grpc.ClientConn }

// forward relays one call, of any shape (unary or streaming), to the wrapped host.
func (p *proxy) forward(_ any, ss grpc.ServerStream) error {
	method, ok := grpc.MethodFromServerStream(ss)
	if !ok {
		return errors.New("no method in the call")
	}
	switch method {
	case generateProgram:
		return serveGenerateProgram(ss)
	case runPlugin:
		return serveRunPlugin(ss)
	}
	md, _ := metadata.FromIncomingContext(ss.Context())
	ctx, cancel := context.WithCancel(metadata.NewOutgoingContext(ss.Context(), md.Copy()))
	defer cancel()
	cs, err := p.upstream.NewStream(ctx, &grpc.StreamDesc{ServerStreams: true, ClientStreams: true}, method)
	if err != nil {
		return err
	}
	sent := make(chan error, 1)
	go func() {
		for {
			f := &frame{}
			if err := ss.RecvMsg(f); err != nil {
				if err == io.EOF {
					sent <- cs.CloseSend()
				} else {
					sent <- err
				}
				return
			}
			if err := cs.SendMsg(f); err != nil {
				sent <- err
				return
			}
		}
	}()
	headerSent := false
	for {
		f := &frame{}
		if err := cs.RecvMsg(f); err != nil {
			ss.SetTrailer(cs.Trailer())
			if err == io.EOF {
				return nil
			}
			return err
		}
		if !headerSent {
			if h, err := cs.Header(); err == nil {
				_ = ss.SendHeader(h)
			}
			headerSent = true
		}
		if err := ss.SendMsg(f); err != nil {
			return err
		}
	}
}

// receive reads the one request of a call this program serves itself.
func receive(ss grpc.ServerStream, req proto.Message) error {
	in := &frame{}
	if err := ss.RecvMsg(in); err != nil {
		return err
	}
	return proto.Unmarshal(in.data, req)
}

func serveGenerateProgram(ss grpc.ServerStream) error {
	req := &pulumirpc.GenerateProgramRequest{}
	if err := receive(ss, req); err != nil {
		return err
	}
	res, err := generate(req)
	if err != nil {
		return err
	}
	out, err := proto.Marshal(res)
	if err != nil {
		return err
	}
	return ss.SendMsg(&frame{data: out})
}

// generate binds the PCL program with the engine's schema loader and writes it as TypeScript.
func generate(req *pulumirpc.GenerateProgramRequest) (*pulumirpc.GenerateProgramResponse, error) {
	loader, err := schema.NewLoaderClient(req.LoaderTarget)
	if err != nil {
		return nil, err
	}
	defer loader.Close()
	parser := syntax.NewParser()
	for path, contents := range req.Source {
		if err := parser.ParseFile(strings.NewReader(contents), path); err != nil {
			return nil, err
		}
		if parser.Diagnostics.HasErrors() {
			return nil, parser.Diagnostics
		}
	}
	options := []pcl.BindOption{pcl.PreferOutputVersionedInvokes}
	if !req.Strict {
		options = append(options, pcl.NonStrictBindOptions()...)
	}
	program, diags, err := pcl.BindProgram(parser.Files, schema.NewCachedLoader(loader), options...)
	if err != nil {
		return nil, err
	}
	rpcDiags := plugin.HclDiagnosticsToRPCDiagnostics(diags)
	if diags.HasErrors() {
		return &pulumirpc.GenerateProgramResponse{Diagnostics: rpcDiags}, nil
	}
	files, diags, err := nodejs.GenerateProgram(program)
	if err != nil {
		return nil, err
	}
	return &pulumirpc.GenerateProgramResponse{Source: files, Diagnostics: append(rpcDiags, plugin.HclDiagnosticsToRPCDiagnostics(diags)...)}, nil
}

func run() error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	if resolved, err := filepath.EvalSymlinks(exe); err == nil {
		exe = resolved
	}
	// The wrapped host gets this program's arguments (the engine's address, -root...) and prints its port.
	host := exec.Command(filepath.Join(filepath.Dir(exe), wrapped), os.Args[1:]...)
	host.Stderr = os.Stderr
	host.Stdin = os.Stdin
	// It dies with this program, as the engine kills the language host it started.
	host.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	stdout, err := host.StdoutPipe()
	if err != nil {
		return err
	}
	if err := host.Start(); err != nil {
		return fmt.Errorf("starting %s: %w", wrapped, err)
	}
	lines := bufio.NewReader(stdout)
	port, err := lines.ReadString('\n')
	if err != nil {
		return fmt.Errorf("%s printed no port: %w", wrapped, err)
	}
	// Whatever else it prints goes on to this program's output.
	go func() { _, _ = io.Copy(os.Stdout, lines) }()

	upstream, err := grpc.NewClient("127.0.0.1:"+strings.TrimSpace(port),
		grpc.WithTransportCredentials(insecure.NewCredentials()),
		grpc.WithDefaultCallOptions(grpc.ForceCodec(rawCodec{}), grpc.MaxCallRecvMsgSize(maxMessage), grpc.MaxCallSendMsgSize(maxMessage)))
	if err != nil {
		return err
	}
	server := grpc.NewServer(
		grpc.ForceServerCodec(rawCodec{}),
		grpc.UnknownServiceHandler((&proxy{upstream: upstream}).forward),
		grpc.MaxRecvMsgSize(maxMessage), grpc.MaxSendMsgSize(maxMessage))
	listener, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	fmt.Printf("%d\n", listener.Addr().(*net.TCPAddr).Port)
	go func() {
		_ = host.Wait()
		server.Stop()
	}()
	return server.Serve(listener)
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "pulumi-language-nodejs:", err)
		os.Exit(1)
	}
}
