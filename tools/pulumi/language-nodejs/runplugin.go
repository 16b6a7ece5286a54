// RunPlugin for policy packs: what lets `pulumi preview --policy-pack <folder>`
// run with the CLI make pulumi builds. The engine of CLI 3.259
// (pkg/v3 resource/plugin NewPolicyAnalyzer, ExecPlugin) starts a folder with
// a PulumiPolicy.yaml through its runtime's language host, by RunPlugin with
// kind "analyzer"; the v3.68.0 host answers that call "not supported". The
// standalone Node.js host starts the pack's program as the retired
// pulumi-analyzer-policy script did: node runs @pulumi/pulumi's
// cmd/run-policy-pack, as resolved from the pack's folder, with the engine's
// arguments then the folder, in the folder, with the engine's environment.
// Between the engine and the pack it puts the SDK's policy proxy (sdk/v3
// PolicyProxy, at the CLI's version), which answers the engine's Handshake
// and ConfigureStack (@pulumi/policy implements neither at start-up), hands
// the stack's project, stack and config to the pack's environment, and
// forwards every other analyzer call. This program does the same.
package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"syscall"

	sdk "github.com/pulumi/pulumi/sdk/v3"
	"github.com/pulumi/pulumi/sdk/v3/go/common/apitype"
	"github.com/pulumi/pulumi/sdk/v3/go/common/util/rpcutil"
	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

const runPlugin = "/pulumirpc.LanguageRuntime/RunPlugin"

// The module the pack's program runs under, the one the launcher
// policy-pack/run also runs.
const runPolicyPack = "@pulumi/pulumi/cmd/run-policy-pack"

// runPluginStream is the proxy's raw stream as the typed server stream the
// SDK's output writers send to.
type runPluginStream struct{ grpc.ServerStream }

func (s runPluginStream) Send(res *pulumirpc.RunPluginResponse) error {
	data, err := proto.Marshal(res)
	if err != nil {
		return err
	}
	return s.SendMsg(&frame{data: data})
}

func serveRunPlugin(ss grpc.ServerStream) error {
	req := &pulumirpc.RunPluginRequest{}
	if err := receive(ss, req); err != nil {
		return err
	}
	if req.Kind != string(apitype.AnalyzerPlugin) {
		// What the wrapped host answers every plugin; only policy packs are needed here.
		return status.Errorf(codes.Unimplemented, "pulumi-language-nodejs (make pulumi) runs policy packs only, not %q plugins", req.Kind)
	}
	return runPolicyPackProgram(runPluginStream{ss}, req)
}

// packEnv is the environment @pulumi/pulumi reads a stack's identity and
// config from (sdk/nodejs runtime/settings), set from the engine's
// ConfigureStack as the standalone host sets it.
func packEnv(config *pulumirpc.AnalyzerStackConfigureRequest) ([]string, error) {
	if config == nil {
		return nil, nil
	}
	var env []string
	add := func(k, v string) {
		if v != "" {
			env = append(env, k+"="+v)
		}
	}
	add("PULUMI_NODEJS_ORGANIZATION", config.Organization)
	add("PULUMI_NODEJS_PROJECT", config.Project)
	add("PULUMI_NODEJS_STACK", config.Stack)
	add("PULUMI_NODEJS_DRY_RUN", strconv.FormatBool(config.DryRun))
	if config.Config != nil {
		values, err := json.Marshal(config.Config)
		if err != nil {
			return nil, fmt.Errorf("the stack's config: %w", err)
		}
		add("PULUMI_CONFIG", string(values))
	}
	return env, nil
}

func runPolicyPackProgram(server pulumirpc.LanguageRuntime_RunPluginServer, req *pulumirpc.RunPluginRequest) error {
	ctx := server.Context()
	dir := req.GetInfo().GetProgramDirectory()
	if dir == "" {
		return status.Error(codes.InvalidArgument, "RunPlugin names no program directory")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		return fmt.Errorf("could not find node on the $PATH: %w", err)
	}
	// Resolved as Node resolves it from the pack: its own node_modules, or
	// wherever npm put @pulumi/pulumi above an installed package.
	resolve := exec.CommandContext(ctx, node, "-p", "require.resolve("+strconv.Quote(runPolicyPack)+")")
	resolve.Dir = dir
	resolve.Env = req.Env
	found, err := resolve.Output()
	if err != nil {
		return fmt.Errorf("Node finds no %s from the policy pack %s; install @pulumi/pulumi and @pulumi/policy where it can (npm install beside the pack or the package that ships it): %w", runPolicyPack, dir, err)
	}

	closer, stdout, stderr, err := rpcutil.MakeRunPluginStreams(server, false)
	if err != nil {
		return err
	}
	defer closer.Close()

	policyProxy, packStdout, err := sdk.NewPolicyProxy(ctx, stdout)
	if err != nil {
		return fmt.Errorf("starting the policy proxy: %w", err)
	}
	config, err := policyProxy.AwaitConfiguration(ctx)
	if err != nil {
		return fmt.Errorf("waiting for the stack's configuration: %w", err)
	}
	env, err := packEnv(config)
	if err != nil {
		return err
	}

	args := append([]string{strings.TrimSpace(string(found))}, req.Args...)
	cmd := exec.CommandContext(ctx, node, append(args, dir)...)
	cmd.Dir = dir
	cmd.Env = append(append([]string(nil), req.Env...), env...)
	cmd.Stdout, cmd.Stderr = packStdout, stderr
	// It dies with this program too, not only when the engine ends the call.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("starting the policy pack in %s: %w", dir, err)
	}
	// Attach waits for the pack's program to end.
	if err := policyProxy.Attach(ctx, cmd); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			return fmt.Errorf("the policy pack exited with code %d", exit.ExitCode())
		}
		return err
	}
	return closer.Close()
}
