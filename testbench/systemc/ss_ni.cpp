// syncswitch::ni: the register map of syncswitch/ni_regs.h over one node of
// the C model's machine (its DMA engines, deposit tables and memory) and its
// router's switch status, which the network keeps current after every edge.
#include <cstring>
#include <string>
#include "ss_internal.h"

using namespace sc_core;

namespace syncswitch {

namespace {

// The low (hi = 0) or high half of a double's IEEE-754 bits: the machine
// parameters that are reals sit in two read-only registers.
uint32_t double_half(double d, int hi)
{
    uint64_t bits;
    std::memcpy(&bits, &d, sizeof bits);
    return static_cast<uint32_t>(hi ? bits >> 32 : bits);
}

enum access { RO, RW, WO };

// The register map as data: decode, and the names in error reports.
struct reg_info {
    uint32_t addr;
    const char *name;
    access acc;
};

const reg_info kRegs[] = {
    { SS_NI_ID, "ID", RO },               { SS_NI_COORD, "COORD", RO },
    { SS_NI_CYCLE_LO, "CYCLE_LO", RO },   { SS_NI_CYCLE_HI, "CYCLE_HI", RO },
    { SS_NI_MEM_WORDS, "MEM_WORDS", RO }, { SS_NI_CALL_CYCLES, "CALL_CYCLES", RO },
    { SS_NI_MSG_CYCLES, "MSG_CYCLES", RO }, { SS_NI_LINK_TT, "LINK_TT", RO },
    { SS_NI_DEPTH, "DEPTH", RO },         { SS_NI_WATCHDOG_LO, "WATCHDOG_LO", RO },
    { SS_NI_WATCHDOG_HI, "WATCHDOG_HI", RO }, { SS_NI_MEM_BW_LO, "MEM_BW_LO", RO },
    { SS_NI_MEM_BW_HI, "MEM_BW_HI", RO }, { SS_NI_JITTER_LO, "JITTER_LO", RO },
    { SS_NI_JITTER_HI, "JITTER_HI", RO }, { SS_NI_SEED, "SEED", RO },
    { SS_NI_CMD_HEAD, "CMD_HEAD", WO },   { SS_NI_CMD_ADDR, "CMD_ADDR", RW },
    { SS_NI_CMD_LEN, "CMD_LEN", WO },     { SS_NI_CMD_TAIL, "CMD_TAIL", WO },
    { SS_NI_CMDQ_SPACE, "CMDQ_SPACE", RO }, { SS_NI_CMDQ_COUNT, "CMDQ_COUNT", RO },
    { SS_NI_DEP_BASE0, "DEP_BASE0", RW }, { SS_NI_DEP_STRIDE0, "DEP_STRIDE0", RW },
    { SS_NI_DEP_BASE1, "DEP_BASE1", RW }, { SS_NI_DEP_STRIDE1, "DEP_STRIDE1", RW },
    { SS_NI_RX_MSGS_LO, "RX_MSGS_LO", RO }, { SS_NI_RX_MSGS_HI, "RX_MSGS_HI", RO },
    { SS_NI_RX_BAD, "RX_BAD", RO },       { SS_NI_RX_DROPPED, "RX_DROPPED", RO },
    { SS_NI_NIM, "NIM", RO },
    { SS_NI_PHASE, "PHASE", RO },         { SS_NI_SW_FORWARD, "SW_FORWARD", WO },
    { SS_NI_WAIT_ARG_LO, "WAIT_ARG_LO", RW }, { SS_NI_WAIT_ARG_HI, "WAIT_ARG_HI", RW },
    { SS_NI_WAIT, "WAIT", WO },
};

const reg_info *find_reg(uint32_t addr)
{
    for (const reg_info &r : kRegs)
        if (r.addr == addr) return &r;
    return nullptr;
}

// The per-source tables: which one holds addr (nullptr: none).
const char *table_name(uint32_t addr, uint32_t *base)
{
    static const struct { uint32_t base; const char *name; } tables[] = {
        { SS_NI_MSGS_FROM, "MSGS_FROM" }, { SS_NI_WORDS_FROM, "WORDS_FROM" },
        { SS_NI_RECEIVING, "RECEIVING" },
    };
    for (const auto &t : tables)
        if (addr >= t.base && addr < t.base + 0x10000u) {
            *base = t.base;
            return t.name;
        }
    return nullptr;
}

constexpr uint8_t kAllQueues = (1u << NUM_PORTS) - 1u;


// One 32-bit register: false (and *err set) when the access is refused.
bool reg_read(const ni::impl &s, uint32_t a, uint32_t *v, tlm::tlm_response_status *err)
{
    const machine_t *m = s.m;
    const node_t *nd = s.nd;
    const router_t &r = m->r[s.id];
    const params_t &p = m->p;
    uint32_t base;
    if (table_name(a, &base)) {
        uint32_t src = (a - base) / 4;
        if (src >= static_cast<uint32_t>(m->num_nodes)) {
            *err = tlm::TLM_ADDRESS_ERROR_RESPONSE;
            return false;
        }
        if (base == SS_NI_MSGS_FROM) *v = nd->rx_msgs_from[src];
        else if (base == SS_NI_WORDS_FROM) *v = nd->rx_words_from[src];
        else {
            *v = 0;
            for (int k = 0; k < NUM_VC; k++)
                if (nd->rx[k].active && nd->rx[k].src == src) *v = 1;
        }
        return true;
    }
    switch (a) {
    case SS_NI_ID: *v = static_cast<uint32_t>(s.id); break;
    case SS_NI_COORD:
        *v = static_cast<uint32_t>(nd->x) | static_cast<uint32_t>(nd->y) << 8 |
             static_cast<uint32_t>(m->n) << 16;
        break;
    case SS_NI_CYCLE_LO: *v = static_cast<uint32_t>(m->cycle); break;
    case SS_NI_CYCLE_HI: *v = static_cast<uint32_t>(m->cycle >> 32); break;
    case SS_NI_MEM_WORDS: *v = static_cast<uint32_t>(nd->mem_words); break;
    case SS_NI_CALL_CYCLES: *v = static_cast<uint32_t>(p.call_cycles); break;
    case SS_NI_MSG_CYCLES: *v = static_cast<uint32_t>(p.msg_cycles); break;
    case SS_NI_LINK_TT: *v = static_cast<uint32_t>(p.tt); break;
    case SS_NI_DEPTH: *v = static_cast<uint32_t>(p.depth); break;
    case SS_NI_WATCHDOG_LO: *v = static_cast<uint32_t>(p.watchdog); break;
    case SS_NI_WATCHDOG_HI: *v = static_cast<uint32_t>(static_cast<uint64_t>(p.watchdog) >> 32); break;
    case SS_NI_MEM_BW_LO: *v = double_half(p.mem_words_per_cycle, 0); break;
    case SS_NI_MEM_BW_HI: *v = double_half(p.mem_words_per_cycle, 1); break;
    case SS_NI_JITTER_LO: *v = double_half(p.jitter, 0); break;
    case SS_NI_JITTER_HI: *v = double_half(p.jitter, 1); break;
    case SS_NI_SEED: *v = p.seed; break;
    case SS_NI_CMD_ADDR: *v = s.cmd_addr; break;
    case SS_NI_CMDQ_SPACE: *v = static_cast<uint32_t>(CMDQ_DEPTH - nd->cmd_cnt); break;
    case SS_NI_CMDQ_COUNT: *v = static_cast<uint32_t>(nd->cmd_cnt); break;
    case SS_NI_DEP_BASE0: *v = nd->dep_base[0]; break;
    case SS_NI_DEP_STRIDE0: *v = nd->dep_stride[0]; break;
    case SS_NI_DEP_BASE1: *v = nd->dep_base[1]; break;
    case SS_NI_DEP_STRIDE1: *v = nd->dep_stride[1]; break;
    case SS_NI_RX_MSGS_LO: *v = static_cast<uint32_t>(nd->rx_msgs); break;
    case SS_NI_RX_MSGS_HI: *v = static_cast<uint32_t>(nd->rx_msgs >> 32); break;
    case SS_NI_RX_BAD: *v = static_cast<uint32_t>(nd->rx_bad); break;
    case SS_NI_RX_DROPPED: *v = static_cast<uint32_t>(nd->rx_dropped); break;
    case SS_NI_NIM: *v = r.nim; break;
    case SS_NI_PHASE: *v = r.phase; break;
    case SS_NI_WAIT_ARG_LO: *v = static_cast<uint32_t>(s.wait_arg); break;
    case SS_NI_WAIT_ARG_HI: *v = static_cast<uint32_t>(s.wait_arg >> 32); break;
    default: *err = tlm::TLM_ADDRESS_ERROR_RESPONSE; return false;
    }
    return true;
}

// The watchdog's poll rule (docs/microarchitecture.md Sec. 13), as the C
// model's node API bridge keeps it: a status register a processor reads,
// with its answer, and a write that changes the machine.
void note_read(ni::impl &s, uint32_t a, uint32_t v)
{
    static const struct { uint32_t addr; const char *what; } status_regs[] = {
        { SS_NI_CMDQ_SPACE, "its NI register CMDQ_SPACE" },
        { SS_NI_CMDQ_COUNT, "its NI register CMDQ_COUNT" },
        { SS_NI_RX_MSGS_LO, "its NI register RX_MSGS_LO" },
        { SS_NI_RX_MSGS_HI, "its NI register RX_MSGS_HI" },
        { SS_NI_RX_BAD, "its NI register RX_BAD" },
        { SS_NI_RX_DROPPED, "its NI register RX_DROPPED" },
        { SS_NI_NIM, "its NI register NIM" },
        { SS_NI_PHASE, "its NI register PHASE" },
        { SS_NI_MSGS_FROM, "its NI register MSGS_FROM of node" },
        { SS_NI_WORDS_FROM, "its NI register WORDS_FROM of node" },
        { SS_NI_RECEIVING, "its NI register RECEIVING of node" },
    };
    uint32_t base = 0;
    int src = table_name(a, &base) ? static_cast<int>((a - base) / 4) : -1;
    if (src < 0) base = a;
    for (const auto &r : status_regs)
        if (r.addr == base) node_note_read(s.nd, r.what, src, v);
}

void note_write(ni::impl &s, uint32_t a, uint32_t v)
{
    switch (a) {
    case SS_NI_CMD_HEAD: case SS_NI_CMD_TAIL: case SS_NI_DEP_BASE0: case SS_NI_DEP_STRIDE0:
    case SS_NI_DEP_BASE1: case SS_NI_DEP_STRIDE1: node_note_act(s.nd); break;
    case SS_NI_CMD_LEN: case SS_NI_SW_FORWARD: if (v) node_note_act(s.nd); break;
    default: break;
    }
}

// The registers that only hold a value (no post, no wait): what a debug
// write may change.
bool plain_write(ni::impl &s, uint32_t a, uint32_t v)
{
    switch (a) {
    case SS_NI_CMD_ADDR: s.cmd_addr = v; return true;
    case SS_NI_DEP_BASE0: s.nd->dep_base[0] = v; return true;
    case SS_NI_DEP_STRIDE0: s.nd->dep_stride[0] = v; return true;
    case SS_NI_DEP_BASE1: s.nd->dep_base[1] = v; return true;
    case SS_NI_DEP_STRIDE1: s.nd->dep_stride[1] = v; return true;
    case SS_NI_WAIT_ARG_LO: s.wait_arg = (s.wait_arg & ~0xFFFFFFFFull) | v; return true;
    case SS_NI_WAIT_ARG_HI:
        s.wait_arg = (s.wait_arg & 0xFFFFFFFFull) | static_cast<uint64_t>(v) << 32;
        return true;
    default: return false;
    }
}

void post(node_t *nd, const dma_cmd_t &cmd)
{
    nd->cmdq[(nd->cmd_rd + nd->cmd_cnt) % CMDQ_DEPTH] = cmd;
    nd->cmd_cnt++;
}

// A write: false with *err and *why when refused.
bool reg_write(ni::impl &s, uint32_t a, uint32_t v, tlm::tlm_response_status *err,
               const char **why)
{
    node_t *nd = s.nd;
    network::impl &net = s.net.state();
    bool is_post = a == SS_NI_CMD_HEAD || a == SS_NI_CMD_TAIL || (a == SS_NI_CMD_LEN && v);
    *err = tlm::TLM_GENERIC_ERROR_RESPONSE;
    if (is_post && nd->cmd_cnt == CMDQ_DEPTH) {
        *why = "the command queue is full";   // wait for CMDQ first
        return false;
    }
    if (plain_write(s, a, v)) return true;
    switch (a) {
    case SS_NI_CMD_HEAD: {
        int dx = static_cast<int8_t>(v >> SS_NI_HEAD_DX_SHIFT & 0xFFu);
        int dy = static_cast<int8_t>(v >> SS_NI_HEAD_DY_SHIFT & 0xFFu);
        unsigned pool = v >> SS_NI_HEAD_POOL_SHIFT & 1u;
        unsigned src = v >> SS_NI_HEAD_SRC_SHIFT & 0xFFFu;
        if (dx < -64 || dx > 63 || dy < -64 || dy > 63) {
            *why = "hops out of range (-64..63)";
            return false;
        }
        if (src >= static_cast<unsigned>(s.m->num_nodes)) {
            *why = "source id beyond the nodes (allowed 0..n*n-1)";
            return false;
        }
        if (net.check_source && src != static_cast<unsigned>(s.id)) {
            *why = "source id is not this node's (config::check_source)";
            return false;
        }
        dma_cmd_t cmd{};
        cmd.kind = CMD_HEAD;
        cmd.vc = pool == POOL_AAPC ? VC_AAPC : VC_MP_LO;
        cmd.word = head_make(dx, dy, pool, src);
        post(nd, cmd);
        return true;
    }
    case SS_NI_CMD_LEN: {
        if (!v) return true;
        if (static_cast<size_t>(s.cmd_addr) + v > nd->mem_words) {
            *why = "the DMA block runs past the memory";
            return false;
        }
        dma_cmd_t cmd{};
        cmd.kind = CMD_DATA;
        cmd.addr = s.cmd_addr;
        cmd.len = v;
        post(nd, cmd);
        return true;
    }
    case SS_NI_CMD_TAIL: {
        dma_cmd_t cmd{};
        cmd.kind = CMD_TAIL;
        post(nd, cmd);
        return true;
    }
    case SS_NI_SW_FORWARD:
        if (v & 1u) net.sw_forward(s.id);
        return true;
    case SS_NI_WAIT:
        if (v > SS_NI_WAIT_LAST) {
            *why = "unknown condition";
            return false;
        }
        if (net.halted) {
            *why = "the network has stopped";
            return false;
        }
        node_note_wait(nd, v == SS_NI_WAIT_START ? WAIT_NONE : static_cast<int>(v), s.m->cycle);
        s.wait_kind = static_cast<int>(v);
        s.released = nullptr;
        if (!s.condition()) {
            // sleep until the network's after-edge check finds it true
            nd->wait = v == SS_NI_WAIT_START ? WAIT_NONE : static_cast<int>(v);
            nd->wait_arg = s.wait_arg;
            net.waiting++;
            do wait(s.wake);
            while (!s.released && !s.condition());
            net.waiting--;
            nd->wait = WAIT_NONE;
        }
        s.wait_kind = -1;
        if (s.released) {
            *why = s.released;
            return false;
        }
        return true;
    default: *err = tlm::TLM_ADDRESS_ERROR_RESPONSE; *why = "no register"; return false;
    }
}

// The memory window: aligned bursts of whole words.
bool memory(ni::impl &s, tlm::tlm_generic_payload &tx)
{
    uint64_t a = tx.get_address() - SS_NI_MEM;
    unsigned len = tx.get_data_length();
    if (a % 4 || len % 4 || len == 0 || a / 4 + len / 4 > s.nd->mem_words) return false;
    unsigned char *mem = reinterpret_cast<unsigned char *>(s.nd->mem) + a;
    if (tx.is_write()) std::memcpy(mem, tx.get_data_ptr(), len);
    else std::memcpy(tx.get_data_ptr(), mem, len);
    return true;
}

}  // namespace

ni::ni(sc_module_name name, network &net, int id)
    : sc_module(name), socket("socket"), impl_(new impl(net, id))
{
    impl_->m = net.state().m;
    impl_->nd = &impl_->m->node[id];
    socket.register_b_transport(this, &ni::b_transport);
    socket.register_get_direct_mem_ptr(this, &ni::get_direct_mem_ptr);
    socket.register_transport_dbg(this, &ni::transport_dbg);
}

ni::~ni() = default;

void ni::set_access_delay(const sc_time &t) { impl_->access_delay = t; }
int ni::id() const { return impl_->id; }

bool ni::impl::condition() const
{
    const router_t &r = m->r[id];
    switch (wait_kind) {
    case SS_NI_WAIT_START: return net.out_of_reset();
    case SS_NI_WAIT_UNTIL: return m->cycle >= wait_arg;
    case SS_NI_WAIT_CMDQ: return nd->cmd_cnt < CMDQ_DEPTH;
    case SS_NI_WAIT_OUT_IDLE: return nd->cmd_cnt == 0;
    case SS_NI_WAIT_RX: return nd->rx_msgs >= wait_arg;
    case SS_NI_WAIT_PHASE: return r.phase >= wait_arg;
    case SS_NI_WAIT_QUEUES: return r.nim == kAllQueues;
    default: return true;
    }
}

// Progress for the watchdog, as machine_run's run_programs counts it: the
// processor changed the machine since the last edge, its hardware wait is
// over, or it computes (a timed wait that is no poll).
int ni::impl::after_edge()
{
    int acted = nd->acts != acts_at_edge;
    acts_at_edge = nd->acts;
    if (wait_kind < 0) return acted;
    bool poll = wait_kind == static_cast<int>(SS_NI_WAIT_UNTIL) && nd->polling;
    if (condition()) {
        wake.notify(SC_ZERO_TIME);
        return !poll || acted;
    }
    return (wait_kind == static_cast<int>(SS_NI_WAIT_UNTIL) && !poll) || acted;
}

void ni::impl::on_reset()
{
    cmd_addr = 0;
    wait_arg = 0;
    // a processor waiting to start goes on waiting; any other wait is over
    if (wait_kind >= 0 && wait_kind != static_cast<int>(SS_NI_WAIT_START)) {
        released = "ended by reset";
        wake.notify(SC_ZERO_TIME);
    }
}

void ni::impl::on_halt()
{
    // under stop_simulation nothing runs again: leave the waiters be
    if (net.state().on_halt_wakes && wait_kind >= 0) {
        released = "the network has stopped";
        wake.notify(SC_ZERO_TIME);
    }
}

namespace {

void refuse(const ni &n, tlm::tlm_generic_payload &tx, tlm::tlm_response_status st,
            uint32_t addr, const std::string &what)
{
    tx.set_response_status(st);
    char msg[320];
    std::snprintf(msg, sizeof msg, "node %d: %s %s at 0x%08x: %s", n.id(),
                  tx.is_write() ? "write" : "read", n.name(), addr, what.c_str());
    SC_REPORT_WARNING("/syncswitch/ni", msg);
}

}  // namespace

void ni::b_transport(tlm::tlm_generic_payload &tx, sc_time &delay)
{
    impl &s = *impl_;
    uint64_t a64 = tx.get_address();
    uint32_t a = static_cast<uint32_t>(a64);
    delay += s.access_delay;
    if (tx.get_byte_enable_ptr()) {
        refuse(*this, tx, tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE, a, "byte enables are not supported");
        return;
    }
    if (tx.get_streaming_width() && tx.get_streaming_width() < tx.get_data_length()) {
        refuse(*this, tx, tlm::TLM_BURST_ERROR_RESPONSE, a, "streaming bursts are not supported");
        return;
    }
    if (!tx.is_read() && !tx.is_write()) {
        tx.set_response_status(tlm::TLM_OK_RESPONSE);   // IGNORE command
        return;
    }
    if (!tx.get_data_ptr()) {
        refuse(*this, tx, tlm::TLM_GENERIC_ERROR_RESPONSE, a, "no data pointer");
        return;
    }
    if (a64 >= SS_NI_MEM) {
        if (!memory(s, tx)) {
            refuse(*this, tx, tlm::TLM_ADDRESS_ERROR_RESPONSE, a,
                   "outside the memory window or not whole aligned words");
            return;
        }
        tx.set_response_status(tlm::TLM_OK_RESPONSE);
        tx.set_dmi_allowed(true);
        return;
    }
    const reg_info *r = find_reg(a);
    uint32_t tbase;
    const char *tname = r ? r->name : table_name(a, &tbase);
    std::string what = tname ? std::string(tname) : std::string("no register");
    if (tx.get_data_length() != 4 || a % 4) {
        refuse(*this, tx, tlm::TLM_BURST_ERROR_RESPONSE, a,
               what + ": registers take one aligned 32-bit word");
        return;
    }
    if (!tname) {
        refuse(*this, tx, tlm::TLM_ADDRESS_ERROR_RESPONSE, a, "no register at this address");
        return;
    }
    bool ro = !r || r->acc == RO;
    if (tx.is_write() && ro) {
        refuse(*this, tx, tlm::TLM_COMMAND_ERROR_RESPONSE, a, what + " is read-only");
        return;
    }
    if (tx.is_read() && r && r->acc == WO) {
        refuse(*this, tx, tlm::TLM_COMMAND_ERROR_RESPONSE, a, what + " is write-only");
        return;
    }
    tlm::tlm_response_status err = tlm::TLM_OK_RESPONSE;
    uint32_t v = 0;
    if (tx.is_read()) {
        if (!reg_read(s, a, &v, &err)) {
            refuse(*this, tx, err, a, what + ": no such source node");
            return;
        }
        note_read(s, a, v);
        std::memcpy(tx.get_data_ptr(), &v, 4);
    } else {
        std::memcpy(&v, tx.get_data_ptr(), 4);
        if (a == SS_NI_WAIT && delay != SC_ZERO_TIME) {
            wait(delay);   // catch up with the initiator's local time first
            delay = SC_ZERO_TIME;
        }
        const char *why = "";
        if (!reg_write(s, a, v, &err, &why)) {
            refuse(*this, tx, err, a, what + ": " + why);
            return;
        }
        note_write(s, a, v);
    }
    tx.set_response_status(tlm::TLM_OK_RESPONSE);
}

bool ni::get_direct_mem_ptr(tlm::tlm_generic_payload &tx, tlm::tlm_dmi &dmi)
{
    // Safe for the memory only: the DMA engines touch it at clock edges,
    // a processor between them, so a pointer sees what a transaction would.
    // Registers have side effects and are never direct. A refusal names
    // the whole range it covers (TLM-2.0: the largest such range).
    const impl &s = *impl_;
    uint64_t a = tx.get_address();
    uint64_t mem_end = SS_NI_MEM + static_cast<uint64_t>(s.nd->mem_words) * 4;
    dmi.set_granted_access(tlm::tlm_dmi::DMI_ACCESS_NONE);
    if (a < SS_NI_MEM) {
        dmi.set_start_address(0);
        dmi.set_end_address(SS_NI_MEM - 1);
        return false;
    }
    if (a >= mem_end) {
        dmi.set_start_address(mem_end);
        dmi.set_end_address(~static_cast<sc_dt::uint64>(0));
        return false;
    }
    dmi.set_dmi_ptr(reinterpret_cast<unsigned char *>(s.nd->mem));
    dmi.set_start_address(SS_NI_MEM);
    dmi.set_end_address(mem_end - 1);
    dmi.allow_read_write();
    dmi.set_read_latency(SC_ZERO_TIME);
    dmi.set_write_latency(SC_ZERO_TIME);
    return true;
}

// Debug transport: memory both ways; registers word by word, reads of any
// readable one and writes only to those that merely hold a value (never a
// post or a wait). Stops at the first word it cannot do; no data pointer:
// nothing done.
unsigned int ni::transport_dbg(tlm::tlm_generic_payload &tx)
{
    impl &s = *impl_;
    uint64_t a = tx.get_address();
    if (!tx.get_data_ptr() || (!tx.is_read() && !tx.is_write())) return 0;
    if (a >= SS_NI_MEM) return memory(s, tx) ? tx.get_data_length() : 0;
    unsigned len = tx.get_data_length(), done = 0;
    if (a % 4) return 0;
    unsigned char *data = tx.get_data_ptr();
    for (; done + 4 <= len; done += 4) {
        uint32_t reg = static_cast<uint32_t>(a + done), v = 0;
        const reg_info *r = find_reg(reg);
        tlm::tlm_response_status err;
        if (tx.is_read()) {
            if ((r && r->acc == WO) || !reg_read(s, reg, &v, &err)) break;
            std::memcpy(data + done, &v, 4);
        } else {
            std::memcpy(&v, data + done, 4);
            if (!plain_write(s, reg, v)) break;
        }
    }
    return done;
}

void ni::trace(sc_trace_file *tf) const
{
    const impl &s = *impl_;
    std::string p = name();
    sc_trace(tf, s.nd->cmd_cnt, p + ".cmdq_count");
    sc_trace(tf, s.nd->dep_base[0], p + ".dep_base0");
    sc_trace(tf, s.nd->dep_stride[0], p + ".dep_stride0");
    sc_trace(tf, s.nd->dep_base[1], p + ".dep_base1");
    sc_trace(tf, s.nd->dep_stride[1], p + ".dep_stride1");
    sc_trace(tf, s.nd->rx_msgs, p + ".rx_msgs");
    sc_trace(tf, s.nd->rx_bad, p + ".rx_bad");
    sc_trace(tf, s.nd->rx_dropped, p + ".rx_dropped");
    sc_trace(tf, s.nd->sw_clear, p + ".sw_forward", 1);
    sc_trace(tf, s.cmd_addr, p + ".cmd_addr");
    sc_trace(tf, s.wait_kind, p + ".wait");
    sc_trace(tf, s.wait_arg, p + ".wait_arg");
}

}  // namespace syncswitch
