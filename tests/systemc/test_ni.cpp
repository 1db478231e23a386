// ss_ni's answers to bad accesses: each gets the TLM error response the
// table names and one SystemC warning naming the register, and nothing
// crashes; the good accesses around them still work. One PASS/FAIL line
// per case. All accesses happen between two clock edges (zero time).
#include <systemc>
#include <tlm_utils/simple_initiator_socket.h>
#include <cstdio>
#include <cstring>
#include <string>
#include <syncswitch/systemc.h>

using namespace sc_core;

static std::string g_last;   // the last warning's text
static int g_warnings = 0;

static void capture(const sc_report &rep, const sc_actions &actions)
{
    if (rep.get_severity() == SC_WARNING) {
        g_last = rep.get_msg();
        g_warnings++;
        return;
    }
    sc_report_handler::default_handler(rep, actions);
}

struct tester : sc_module {
    tlm_utils::simple_initiator_socket<tester> socket;
    int failed = 0, passed = 0;

    SC_CTOR(tester) : socket("socket") { SC_THREAD(run); }

    tlm::tlm_response_status access(tlm::tlm_command cmd, uint64_t addr, uint32_t *data,
                                    unsigned len, unsigned char *be = nullptr)
    {
        tlm::tlm_generic_payload tx;
        sc_time delay = SC_ZERO_TIME;
        tx.set_command(cmd);
        tx.set_address(addr);
        tx.set_data_ptr(reinterpret_cast<unsigned char *>(data));
        tx.set_data_length(len);
        tx.set_streaming_width(len);
        if (be) {
            tx.set_byte_enable_ptr(be);
            tx.set_byte_enable_length(len);
        }
        socket->b_transport(tx, delay);
        return tx.get_response_status();
    }

    void check(const char *name, bool ok, const std::string &detail)
    {
        std::printf("%s sc_ni_%s%s%s\n", ok ? "PASS" : "FAIL", name, ok ? "" : ": ",
                    ok ? "" : detail.c_str());
        ok ? passed++ : failed++;
    }

    // A refused access: the response, one more warning, and the name in it.
    void refused(const char *name, tlm::tlm_command cmd, uint64_t addr, unsigned len,
                 tlm::tlm_response_status want, const char *names, uint32_t value = 0,
                 unsigned char *be = nullptr)
    {
        uint32_t data[4] = { value, value, value, value };
        int before = g_warnings;
        tlm::tlm_response_status got = access(cmd, addr, data, len, be);
        bool ok = got == want && g_warnings == before + 1 &&
                  g_last.find(names) != std::string::npos &&
                  g_last.find('\n') == std::string::npos;
        check(name, ok, "response " + std::to_string(got) + " (want " + std::to_string(want) +
                            "), warnings " + std::to_string(g_warnings - before) + ", text '" +
                            g_last + "' (want it to name " + names + ")");
    }

    void run()
    {
        uint32_t v = SS_NI_WAIT_START;
        access(tlm::TLM_WRITE_COMMAND, SS_NI_WAIT, &v, 4);
        using tlm::TLM_READ_COMMAND;
        using tlm::TLM_WRITE_COMMAND;
        refused("unmapped", TLM_READ_COMMAND, 0x0FC, 4, tlm::TLM_ADDRESS_ERROR_RESPONSE,
                "no register");
        refused("wrong_width", TLM_READ_COMMAND, SS_NI_PHASE, 2, tlm::TLM_BURST_ERROR_RESPONSE,
                "PHASE");
        refused("misaligned", TLM_READ_COMMAND, SS_NI_PHASE + 1, 4,
                tlm::TLM_BURST_ERROR_RESPONSE, "no register");
        unsigned char be[4] = { 0xFF, 0, 0xFF, 0 };
        refused("byte_enables", TLM_WRITE_COMMAND, SS_NI_DEP_BASE0, 4,
                tlm::TLM_BYTE_ENABLE_ERROR_RESPONSE, "byte enables", 0, be);
        refused("write_read_only", TLM_WRITE_COMMAND, SS_NI_PHASE, 4,
                tlm::TLM_COMMAND_ERROR_RESPONSE, "PHASE is read-only");
        refused("write_table", TLM_WRITE_COMMAND, SS_NI_MSGS_FROM + 4, 4,
                tlm::TLM_COMMAND_ERROR_RESPONSE, "MSGS_FROM is read-only");
        refused("read_write_only", TLM_READ_COMMAND, SS_NI_CMD_HEAD, 4,
                tlm::TLM_COMMAND_ERROR_RESPONSE, "CMD_HEAD is write-only");
        refused("source_beyond_nodes", TLM_READ_COMMAND, SS_NI_WORDS_FROM + 4 * 4, 4,
                tlm::TLM_ADDRESS_ERROR_RESPONSE, "WORDS_FROM");
        refused("head_bad_source", TLM_WRITE_COMMAND, SS_NI_CMD_HEAD, 4,
                tlm::TLM_GENERIC_ERROR_RESPONSE, "CMD_HEAD", SS_NI_HEAD(1, 0, 1, 9));
        refused("head_bad_hops", TLM_WRITE_COMMAND, SS_NI_CMD_HEAD, 4,
                tlm::TLM_GENERIC_ERROR_RESPONSE, "CMD_HEAD", SS_NI_HEAD(100, 0, 1, 0));
        refused("wait_unknown", TLM_WRITE_COMMAND, SS_NI_WAIT, 4,
                tlm::TLM_GENERIC_ERROR_RESPONSE, "unknown condition", 9);
        refused("memory_beyond", TLM_READ_COMMAND, SS_NI_MEM + 4 * 255, 8,
                tlm::TLM_ADDRESS_ERROR_RESPONSE, "memory window");
        refused("dma_beyond_memory", TLM_WRITE_COMMAND, SS_NI_CMD_LEN, 4,
                tlm::TLM_GENERIC_ERROR_RESPONSE, "CMD_LEN", 300);
        // the block's end against the memory's, exactly: from word 1, 256
        // words run one past the 256 (refused); 255 fit (posted below)
        uint32_t one = 1;
        access(TLM_WRITE_COMMAND, SS_NI_CMD_ADDR, &one, 4);
        refused("dma_one_word_past", TLM_WRITE_COMMAND, SS_NI_CMD_LEN, 4,
                tlm::TLM_GENERIC_ERROR_RESPONSE, "CMD_LEN", 256);
        // the 64-bit wait argument: each half written, each read back
        uint32_t lo = 7, hi = 5, rlo = 0, rhi = 0;
        bool args = access(TLM_WRITE_COMMAND, SS_NI_WAIT_ARG_LO, &lo, 4) == tlm::TLM_OK_RESPONSE &&
                    access(TLM_WRITE_COMMAND, SS_NI_WAIT_ARG_HI, &hi, 4) == tlm::TLM_OK_RESPONSE &&
                    access(TLM_READ_COMMAND, SS_NI_WAIT_ARG_LO, &rlo, 4) == tlm::TLM_OK_RESPONSE &&
                    access(TLM_READ_COMMAND, SS_NI_WAIT_ARG_HI, &rhi, 4) == tlm::TLM_OK_RESPONSE;
        check("wait_arg_halves", args && rlo == 7 && rhi == 5,
              "read back " + std::to_string(rlo) + ", " + std::to_string(rhi) + " (want 7, 5)");

        // no data pointer (issue 30): an error response and a warning, no crash
        int before = g_warnings;
        bool nul = access(TLM_READ_COMMAND, SS_NI_PHASE, nullptr, 4) ==
                       tlm::TLM_GENERIC_ERROR_RESPONSE &&
                   access(TLM_WRITE_COMMAND, SS_NI_MEM, nullptr, 4) ==
                       tlm::TLM_GENERIC_ERROR_RESPONSE &&
                   g_warnings == before + 2 && g_last.find("no data pointer") != std::string::npos;
        check("no_data_pointer", nul, "warnings " + std::to_string(g_warnings - before) +
                                          ", text '" + g_last + "'");

        // good accesses still work: a burst into memory and back, a register
        uint32_t out[4] = { 1, 2, 3, 4 }, in[4] = {};
        bool ok = access(TLM_WRITE_COMMAND, SS_NI_MEM + 16, out, 16) == tlm::TLM_OK_RESPONSE &&
                  access(TLM_READ_COMMAND, SS_NI_MEM + 16, in, 16) == tlm::TLM_OK_RESPONSE &&
                  std::memcmp(in, out, sizeof in) == 0;
        check("memory_burst", ok, "a 4-word burst did not come back");
        v = 0;
        ok = access(TLM_READ_COMMAND, SS_NI_CMDQ_SPACE, &v, 4) == tlm::TLM_OK_RESPONSE && v == 8;
        check("cmdq_space", ok, "CMDQ_SPACE " + std::to_string(v) + ", want 8");

        // the command queue holds 8; the 9th post is refused
        // (the first: the 255 words from word 1, which end at the memory's end)
        uint32_t fit = 255;
        int posted = access(TLM_WRITE_COMMAND, SS_NI_CMD_LEN, &fit, 4) == tlm::TLM_OK_RESPONSE;
        for (int i = 1; i < 8; i++) {
            uint32_t t = 0;
            posted += access(TLM_WRITE_COMMAND, SS_NI_CMD_TAIL, &t, 4) == tlm::TLM_OK_RESPONSE;
        }
        check("cmdq_holds_8", posted == 8, std::to_string(posted) + " of 8 posts accepted");
        refused("cmdq_full", TLM_WRITE_COMMAND, SS_NI_CMD_TAIL, 4,
                tlm::TLM_GENERIC_ERROR_RESPONSE, "command queue is full");
        sc_stop();   // before the next clock edge: nothing was sent
    }
};

int sc_main(int, char **)
{
    sc_report_handler::set_handler(capture);
    sc_report_handler::set_actions(SC_INFO, SC_DO_NOTHING);
    syncswitch::config cfg;
    cfg.n = 2;
    cfg.sync = syncswitch::sync_mode::off;
    cfg.mem_words = 256;
    sc_clock clk("clk", sc_time(10, SC_NS));
    sc_signal<bool> rst_n("rst_n");
    syncswitch::network net("net", cfg);
    net.clk_i(clk);
    net.rst_ni(rst_n);
    tester t("tester");
    t.socket.bind(net.ni(0).socket);
    rst_n.write(false);
    sc_start(25, SC_NS);
    rst_n.write(true);
    sc_start(1, SC_US);
    if (t.passed + t.failed == 0) std::printf("FAIL sc_ni_ran: the tester never ran\n");
    return t.failed ? 1 : 0;
}
