// ss_ni: the register map of ss_ni_regs.h over one node of the C model's
// machine (its DMA engines, deposit tables and memory) and its router's
// switch status, which the network keeps current after every edge.
#include "ss_ni.h"
#include <cstring>
#include <string>
#include "ss_network.h"
#include "ss_ni_regs.h"

using namespace sc_core;

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
    { SS_NI_RX_BAD, "RX_BAD", RO },       { SS_NI_NIM, "NIM", RO },
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

}  // namespace

ss_ni::ss_ni(sc_module_name name, ss_network &net, int id)
    : sc_module(name), socket("socket"), net_(net), nd_(&net.machine()->node[id]),
      m_(net.machine()), id_(id)
{
    socket.register_b_transport(this, &ss_ni::b_transport);
    socket.register_get_direct_mem_ptr(this, &ss_ni::get_direct_mem_ptr);
    socket.register_transport_dbg(this, &ss_ni::transport_dbg);
}

void ss_ni::refuse(tlm::tlm_generic_payload &tx, tlm::tlm_response_status st, uint32_t addr,
                   const char *what)
{
    tx.set_response_status(st);
    char msg[256];
    std::snprintf(msg, sizeof msg, "node %d: %s %s at 0x%08x: %s", id_,
                  tx.is_write() ? "write" : "read", name(), addr, what);
    SC_REPORT_WARNING("ss_ni", msg);
}

void ss_ni::post(const dma_cmd_t &cmd)
{
    nd_->cmdq[(nd_->cmd_rd + nd_->cmd_cnt) % CMDQ_DEPTH] = cmd;
    nd_->cmd_cnt++;
}

bool ss_ni::condition() const
{
    const router_t &r = m_->r[id_];
    switch (wait_kind_) {
    case SS_NI_WAIT_START: return net_.out_of_reset();
    case SS_NI_WAIT_UNTIL: return m_->cycle >= wait_arg_;
    case SS_NI_WAIT_CMDQ: return nd_->cmd_cnt < CMDQ_DEPTH;
    case SS_NI_WAIT_OUT_IDLE: return nd_->cmd_cnt == 0;
    case SS_NI_WAIT_RX: return nd_->rx_msgs >= wait_arg_;
    case SS_NI_WAIT_PHASE: return r.phase >= wait_arg_;
    case SS_NI_WAIT_QUEUES: return r.nim == kAllQueues;
    default: return true;
    }
}

int ss_ni::after_edge()
{
    if (wait_kind_ < 0) return 0;
    if (condition()) {
        wake_.notify(SC_ZERO_TIME);
        return 1;
    }
    return wait_kind_ == SS_NI_WAIT_UNTIL;
}

bool ss_ni::reg_read(uint32_t a, uint32_t *v, tlm::tlm_response_status *err)
{
    const router_t &r = m_->r[id_];
    const params_t &p = m_->p;
    uint32_t base;
    if (const char *t = table_name(a, &base)) {
        uint32_t s = (a - base) / 4;
        if (s >= static_cast<uint32_t>(m_->num_nodes)) {
            *err = tlm::TLM_ADDRESS_ERROR_RESPONSE;
            return false;
        }
        if (base == SS_NI_MSGS_FROM) *v = nd_->rx_msgs_from[s];
        else if (base == SS_NI_WORDS_FROM) *v = nd_->rx_words_from[s];
        else {
            *v = 0;
            for (int k = 0; k < NUM_VC; k++)
                if (nd_->rx[k].active && nd_->rx[k].src == s) *v = 1;
        }
        (void)t;
        return true;
    }
    switch (a) {
    case SS_NI_ID: *v = static_cast<uint32_t>(id_); break;
    case SS_NI_COORD:
        *v = static_cast<uint32_t>(nd_->x) | static_cast<uint32_t>(nd_->y) << 8 |
             static_cast<uint32_t>(m_->n) << 16;
        break;
    case SS_NI_CYCLE_LO: *v = static_cast<uint32_t>(m_->cycle); break;
    case SS_NI_CYCLE_HI: *v = static_cast<uint32_t>(m_->cycle >> 32); break;
    case SS_NI_MEM_WORDS: *v = static_cast<uint32_t>(nd_->mem_words); break;
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
    case SS_NI_CMD_ADDR: *v = cmd_addr_; break;
    case SS_NI_CMDQ_SPACE: *v = static_cast<uint32_t>(CMDQ_DEPTH - nd_->cmd_cnt); break;
    case SS_NI_CMDQ_COUNT: *v = static_cast<uint32_t>(nd_->cmd_cnt); break;
    case SS_NI_DEP_BASE0: *v = nd_->dep_base[0]; break;
    case SS_NI_DEP_STRIDE0: *v = nd_->dep_stride[0]; break;
    case SS_NI_DEP_BASE1: *v = nd_->dep_base[1]; break;
    case SS_NI_DEP_STRIDE1: *v = nd_->dep_stride[1]; break;
    case SS_NI_RX_MSGS_LO: *v = static_cast<uint32_t>(nd_->rx_msgs); break;
    case SS_NI_RX_MSGS_HI: *v = static_cast<uint32_t>(nd_->rx_msgs >> 32); break;
    case SS_NI_RX_BAD: *v = static_cast<uint32_t>(nd_->rx_bad); break;
    case SS_NI_NIM: *v = r.nim; break;
    case SS_NI_PHASE: *v = r.phase; break;
    case SS_NI_WAIT_ARG_LO: *v = static_cast<uint32_t>(wait_arg_); break;
    case SS_NI_WAIT_ARG_HI: *v = static_cast<uint32_t>(wait_arg_ >> 32); break;
    default: *err = tlm::TLM_ADDRESS_ERROR_RESPONSE; return false;
    }
    return true;
}

bool ss_ni::reg_write(uint32_t a, uint32_t v, tlm::tlm_response_status *err)
{
    bool is_post = a == SS_NI_CMD_HEAD || a == SS_NI_CMD_TAIL || (a == SS_NI_CMD_LEN && v);
    if (is_post && nd_->cmd_cnt == CMDQ_DEPTH) {
        *err = tlm::TLM_GENERIC_ERROR_RESPONSE;   // full: wait for CMDQ first
        return false;
    }
    switch (a) {
    case SS_NI_CMD_HEAD: {
        int dx = static_cast<int8_t>(v >> SS_NI_HEAD_DX_SHIFT & 0xFFu);
        int dy = static_cast<int8_t>(v >> SS_NI_HEAD_DY_SHIFT & 0xFFu);
        unsigned pool = v >> SS_NI_HEAD_POOL_SHIFT & 1u;
        unsigned src = v >> SS_NI_HEAD_SRC_SHIFT & 0xFFFu;
        if (dx < -64 || dx > 63 || dy < -64 || dy > 63 ||
            src >= static_cast<unsigned>(m_->num_nodes)) {
            *err = tlm::TLM_GENERIC_ERROR_RESPONSE;
            return false;
        }
        dma_cmd_t cmd{};
        cmd.kind = CMD_HEAD;
        cmd.vc = pool == POOL_AAPC ? VC_AAPC : VC_MP_LO;
        cmd.word = head_make(dx, dy, pool, src);
        post(cmd);
        break;
    }
    case SS_NI_CMD_ADDR: cmd_addr_ = v; break;
    case SS_NI_CMD_LEN: {
        if (!v) break;
        if (static_cast<size_t>(cmd_addr_) + v > nd_->mem_words) {
            *err = tlm::TLM_GENERIC_ERROR_RESPONSE;
            return false;
        }
        dma_cmd_t cmd{};
        cmd.kind = CMD_DATA;
        cmd.addr = cmd_addr_;
        cmd.len = v;
        post(cmd);
        break;
    }
    case SS_NI_CMD_TAIL: {
        dma_cmd_t cmd{};
        cmd.kind = CMD_TAIL;
        post(cmd);
        break;
    }
    case SS_NI_DEP_BASE0: nd_->dep_base[0] = v; break;
    case SS_NI_DEP_STRIDE0: nd_->dep_stride[0] = v; break;
    case SS_NI_DEP_BASE1: nd_->dep_base[1] = v; break;
    case SS_NI_DEP_STRIDE1: nd_->dep_stride[1] = v; break;
    case SS_NI_SW_FORWARD:
        if (v & 1u) net_.sw_forward(id_);
        break;
    case SS_NI_WAIT_ARG_LO: wait_arg_ = (wait_arg_ & ~0xFFFFFFFFull) | v; break;
    case SS_NI_WAIT_ARG_HI: wait_arg_ = (wait_arg_ & 0xFFFFFFFFull) | static_cast<uint64_t>(v) << 32; break;
    case SS_NI_WAIT:
        if (v > SS_NI_WAIT_LAST) {
            *err = tlm::TLM_GENERIC_ERROR_RESPONSE;
            return false;
        }
        wait_kind_ = static_cast<int>(v);
        if (!condition()) {
            // sleep until the network's after-edge check finds it true
            nd_->wait = v == SS_NI_WAIT_START ? WAIT_NONE : static_cast<int>(v);
            nd_->wait_arg = wait_arg_;
            net_.waiting(+1);
            do wait(wake_);
            while (!condition());
            net_.waiting(-1);
            nd_->wait = WAIT_NONE;
        }
        wait_kind_ = -1;
        break;
    default: *err = tlm::TLM_ADDRESS_ERROR_RESPONSE; return false;
    }
    return true;
}

// The memory window: aligned bursts of whole words.
bool ss_ni::memory(tlm::tlm_generic_payload &tx)
{
    uint64_t a = tx.get_address() - SS_NI_MEM;
    unsigned len = tx.get_data_length();
    if (a % 4 || len % 4 || len == 0 || a / 4 + len / 4 > nd_->mem_words) return false;
    unsigned char *mem = reinterpret_cast<unsigned char *>(nd_->mem) + a;
    if (tx.is_write()) std::memcpy(mem, tx.get_data_ptr(), len);
    else std::memcpy(tx.get_data_ptr(), mem, len);
    return true;
}

void ss_ni::b_transport(tlm::tlm_generic_payload &tx, sc_time &delay)
{
    uint64_t a64 = tx.get_address();
    uint32_t a = static_cast<uint32_t>(a64);
    delay += access_delay_;
    if (tx.get_byte_enable_ptr()) {
        refuse(tx, tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE, a, "byte enables are not supported");
        return;
    }
    if (tx.get_streaming_width() && tx.get_streaming_width() < tx.get_data_length()) {
        refuse(tx, tlm::TLM_BURST_ERROR_RESPONSE, a, "streaming bursts are not supported");
        return;
    }
    if (!tx.is_read() && !tx.is_write()) {
        tx.set_response_status(tlm::TLM_OK_RESPONSE);   // IGNORE command
        return;
    }
    if (a64 >= SS_NI_MEM) {
        if (!memory(tx)) {
            refuse(tx, tlm::TLM_ADDRESS_ERROR_RESPONSE, a,
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
        refuse(tx, tlm::TLM_BURST_ERROR_RESPONSE, a,
               (what + ": registers take one aligned 32-bit word").c_str());
        return;
    }
    if (!tname) {
        refuse(tx, tlm::TLM_ADDRESS_ERROR_RESPONSE, a, "no register at this address");
        return;
    }
    bool ro = !r || r->acc == RO;
    if (tx.is_write() && ro) {
        refuse(tx, tlm::TLM_COMMAND_ERROR_RESPONSE, a, (what + " is read-only").c_str());
        return;
    }
    if (tx.is_read() && r && r->acc == WO) {
        refuse(tx, tlm::TLM_COMMAND_ERROR_RESPONSE, a, (what + " is write-only").c_str());
        return;
    }
    tlm::tlm_response_status err = tlm::TLM_OK_RESPONSE;
    uint32_t v = 0;
    if (tx.is_read()) {
        if (!reg_read(a, &v, &err)) {
            refuse(tx, err, a, (what + ": no such source node").c_str());
            return;
        }
        std::memcpy(tx.get_data_ptr(), &v, 4);
    } else {
        std::memcpy(&v, tx.get_data_ptr(), 4);
        if (a == SS_NI_WAIT && delay != SC_ZERO_TIME) {
            wait(delay);   // catch up with the initiator's local time first
            delay = SC_ZERO_TIME;
        }
        if (!reg_write(a, v, &err)) {
            const char *why = a == SS_NI_WAIT ? ": unknown condition"
                              : nd_->cmd_cnt == CMDQ_DEPTH ? ": the command queue is full"
                              : ": a field is out of range (hops -64..63, source < n*n, "
                                "block inside memory)";
            refuse(tx, err, a, (what + why).c_str());
            return;
        }
    }
    tx.set_response_status(tlm::TLM_OK_RESPONSE);
}

bool ss_ni::get_direct_mem_ptr(tlm::tlm_generic_payload &tx, tlm::tlm_dmi &dmi)
{
    // Safe for the memory only: the DMA engines touch it at clock edges,
    // a processor between them, so a pointer sees what a transaction would.
    // Registers have side effects and are never direct.
    if (tx.get_address() < SS_NI_MEM) return false;
    dmi.set_dmi_ptr(reinterpret_cast<unsigned char *>(nd_->mem));
    dmi.set_start_address(SS_NI_MEM);
    dmi.set_end_address(SS_NI_MEM + nd_->mem_words * 4 - 1);
    dmi.allow_read_write();
    dmi.set_read_latency(SC_ZERO_TIME);
    dmi.set_write_latency(SC_ZERO_TIME);
    return true;
}

unsigned int ss_ni::transport_dbg(tlm::tlm_generic_payload &tx)
{
    if (tx.get_address() < SS_NI_MEM || !memory(tx)) return 0;
    return tx.get_data_length();
}

void ss_ni::trace(sc_trace_file *tf, const std::string &p) const
{
    sc_trace(tf, nd_->cmd_cnt, p + ".cmdq_count");
    sc_trace(tf, nd_->dep_base[0], p + ".dep_base0");
    sc_trace(tf, nd_->dep_stride[0], p + ".dep_stride0");
    sc_trace(tf, nd_->dep_base[1], p + ".dep_base1");
    sc_trace(tf, nd_->dep_stride[1], p + ".dep_stride1");
    sc_trace(tf, nd_->rx_msgs, p + ".rx_msgs");
    sc_trace(tf, nd_->rx_bad, p + ".rx_bad");
    sc_trace(tf, nd_->sw_clear, p + ".sw_forward", 1);
    sc_trace(tf, cmd_addr_, p + ".cmd_addr");
    sc_trace(tf, wait_kind_, p + ".wait");
    sc_trace(tf, wait_arg_, p + ".wait_arg");
}
