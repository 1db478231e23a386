// The node API over TLM: node_api_impl.h's primitives as register accesses
// to the node's syncswitch::ni. The calls themselves (costs, checks) are
// sw/lib/node_api.c, shared with the C model.
#include "ss_cpu.h"
#include <cstring>
#include <string>
#include "syncswitch/ni_regs.h"

using namespace sc_core;

namespace {

ss_cpu *cpu(const node_ctx *c) { return static_cast<ss_cpu *>(c->impl); }

uint64_t rd64(ss_cpu *p, uint32_t lo, uint32_t hi)
{
    uint64_t l = p->read(lo);
    return l | static_cast<uint64_t>(p->read(hi)) << 32;
}

// A double the NI holds as its IEEE-754 bits in two registers.
double rd_double(ss_cpu *p, uint32_t lo, uint32_t hi)
{
    uint64_t bits = rd64(p, lo, hi);
    double d;
    std::memcpy(&d, &bits, sizeof d);
    return d;
}

uint64_t st(const node_ctx *c, enum api_status s, int src)
{
    ss_cpu *p = cpu(c);
    uint32_t s4 = 4u * static_cast<uint32_t>(src);
    switch (s) {
    case API_ST_NOW: return rd64(p, SS_NI_CYCLE_LO, SS_NI_CYCLE_HI);
    case API_ST_CMDQ_SPACE: return p->read(SS_NI_CMDQ_SPACE);
    case API_ST_CMDQ_COUNT: return p->read(SS_NI_CMDQ_COUNT);
    case API_ST_RX_MSGS: return rd64(p, SS_NI_RX_MSGS_LO, SS_NI_RX_MSGS_HI);
    case API_ST_RX_BAD: return p->read(SS_NI_RX_BAD);
    case API_ST_MSGS_FROM: return p->read(SS_NI_MSGS_FROM + s4);
    case API_ST_WORDS_FROM: return p->read(SS_NI_WORDS_FROM + s4);
    case API_ST_RECEIVING_FROM: return p->read(SS_NI_RECEIVING + s4);
    case API_ST_PHASE: return p->read(SS_NI_PHASE);
    case API_ST_QUEUES_COMPLETE: return p->read(SS_NI_NIM) == 0x1Fu;
    case API_ST_CHECK_ERRORS:   // no payload generator: the runs here keep memory
    case API_ST_CHECK_SRC:
    case API_ST_CHECK_INDEX:
    case API_ST_CHECK_GOT: return 0;
    }
    return 0;
}

void wait_for(node_ctx *c, enum api_wait kind, uint64_t arg)
{
    ss_cpu *p = cpu(c);
    p->write(SS_NI_WAIT_ARG_LO, static_cast<uint32_t>(arg));
    p->write(SS_NI_WAIT_ARG_HI, static_cast<uint32_t>(arg >> 32));
    p->write(SS_NI_WAIT, static_cast<uint32_t>(kind));   // returns when it holds
}

void post_head(node_ctx *c, int dx, int dy, unsigned pool, int tag)
{
    cpu(c)->write(SS_NI_CMD_HEAD, SS_NI_HEAD(dx, dy, pool, tag));
}

void post_data(node_ctx *c, uint32_t addr, uint32_t len)
{
    cpu(c)->write(SS_NI_CMD_ADDR, addr);
    cpu(c)->write(SS_NI_CMD_LEN, len);
}

void post_tail(node_ctx *c) { cpu(c)->write(SS_NI_CMD_TAIL, 0); }

void set_deposit(node_ctx *c, unsigned pool, uint32_t base, uint32_t stride)
{
    cpu(c)->write(pool ? SS_NI_DEP_BASE1 : SS_NI_DEP_BASE0, base);
    cpu(c)->write(pool ? SS_NI_DEP_STRIDE1 : SS_NI_DEP_STRIDE0, stride);
}

void forward(node_ctx *c) { cpu(c)->write(SS_NI_SW_FORWARD, 1); }

const uint32_t *peer_mem(const node_ctx *c, int node)
{
    return cpu(c)->peers()[static_cast<size_t>(node)];
}

// no post_gen, set_check: the run driver gives the SystemC backends memory mode;
// no broadcast network (bnet_post, bnet_get) and no serial receive port
// (rx_serial): node_api.c aborts a kernel that asks for them
const node_api_ops tlm_ops = {
    st, wait_for, post_head, post_data, post_tail, set_deposit, forward, peer_mem, nullptr,
    nullptr, nullptr, nullptr, nullptr,
};

}  // namespace

ss_cpu::ss_cpu(sc_module_name name, node_program prog, const void *shared, FILE *diag,
               const std::vector<const uint32_t *> *peers, std::function<void()> done)
    : sc_module(name), socket("socket"), prog_(prog), shared_(shared), peers_(peers),
      done_(std::move(done))
{
    ctx_.ops = &tlm_ops;
    ctx_.impl = this;
    ctx_.diag = diag;
    SC_HAS_PROCESS(ss_cpu);
    SC_THREAD(run);
    // the node programs' stacks: the C model gives its coroutines 64 KiB
    set_stack_size(256 * 1024);
}

void ss_cpu::transport(tlm::tlm_command cmd, uint32_t addr, uint32_t *data)
{
    sc_time delay = SC_ZERO_TIME;
    tx_.set_command(cmd);
    tx_.set_address(addr);
    tx_.set_data_ptr(reinterpret_cast<unsigned char *>(data));
    tx_.set_data_length(4);
    tx_.set_streaming_width(4);
    tx_.set_byte_enable_ptr(nullptr);
    tx_.set_dmi_allowed(false);
    tx_.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    socket->b_transport(tx_, delay);
    if (tx_.is_response_error()) {
        // the node API checks its arguments first: this is a bug of ours
        char msg[160];
        std::snprintf(msg, sizeof msg, "node %d: %s at 0x%x failed: %s", ctx_.id,
                      cmd == tlm::TLM_READ_COMMAND ? "read" : "write", addr,
                      tx_.get_response_string().c_str());
        SC_REPORT_FATAL("ss_cpu", msg);
    }
    if (delay != SC_ZERO_TIME) wait(delay);
}

uint32_t ss_cpu::read(uint32_t addr)
{
    uint32_t v = 0;
    transport(tlm::TLM_READ_COMMAND, addr, &v);
    return v;
}

void ss_cpu::write(uint32_t addr, uint32_t value) { transport(tlm::TLM_WRITE_COMMAND, addr, &value); }

void ss_cpu::run()
{
    write(SS_NI_WAIT, SS_NI_WAIT_START);
    // what does not change during a run, read once
    ctx_.id = static_cast<int>(read(SS_NI_ID));
    uint32_t coord = read(SS_NI_COORD);
    ctx_.x = static_cast<int>(coord & 0xFFu);
    ctx_.y = static_cast<int>(coord >> 8 & 0xFFu);
    ctx_.n = static_cast<int>(coord >> 16 & 0xFFu);
    ctx_.num_nodes = ctx_.n * ctx_.n;
    ctx_.call_cycles = static_cast<int>(read(SS_NI_CALL_CYCLES));
    ctx_.msg_cycles = static_cast<int>(read(SS_NI_MSG_CYCLES));
    ctx_.tt = static_cast<int>(read(SS_NI_LINK_TT));
    ctx_.depth = static_cast<int>(read(SS_NI_DEPTH));
    ctx_.watchdog = static_cast<int64_t>(rd64(this, SS_NI_WATCHDOG_LO, SS_NI_WATCHDOG_HI));
    ctx_.mem_words = read(SS_NI_MEM_WORDS);
    ctx_.mem_words_per_cycle = rd_double(this, SS_NI_MEM_BW_LO, SS_NI_MEM_BW_HI);
    node_api_jitter_init(&ctx_, rd_double(this, SS_NI_JITTER_LO, SS_NI_JITTER_HI),
                         read(SS_NI_SEED));
    // the memory through the direct memory interface (none to ask for
    // when the node has no memory: a word of our own stands in)
    ctx_.mem = &no_memory_;
    if (ctx_.mem_words) {
        tlm::tlm_generic_payload dtx;
        tlm::tlm_dmi dmi;
        dtx.set_address(SS_NI_MEM);
        dtx.set_command(tlm::TLM_READ_COMMAND);
        if (!socket->get_direct_mem_ptr(dtx, dmi) || !dmi.is_read_write_allowed() ||
            dmi.get_start_address() != SS_NI_MEM) {
            SC_REPORT_FATAL("ss_cpu", "the NI grants no direct memory interface for its memory");
            return;
        }
        ctx_.mem = reinterpret_cast<uint32_t *>(dmi.get_dmi_ptr());
    }
    prog_(&ctx_, shared_);
    finished_ = true;
    if (done_) done_();
}
